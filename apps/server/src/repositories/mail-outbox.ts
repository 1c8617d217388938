import type { Selectable } from 'kysely';
import type { Executor } from '../db/executor';
import type { MailOutboxTable } from '../db/schema';

export type MailRow = Selectable<MailOutboxTable>;

export async function insertMail(
  db: Executor,
  row: Pick<MailRow, 'id' | 'kind' | 'recipient' | 'payload' | 'created_at'>,
): Promise<void> {
  await db
    .insertInto('mail_outbox')
    .values({ ...row, state: 'pending', attempts: 0, last_error: null, updated_at: row.created_at })
    .execute();
}

export function findMail(db: Executor, id: string): Promise<MailRow | undefined> {
  return db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Ends a pending mail's attempt: sent, failed or dropped for good, or still pending after one more failed
 * attempt. Only a pending mail changes, so an attempt that lost its job's lease cannot undo another's outcome.
 */
export async function recordAttempt(
  db: Executor,
  id: string,
  outcome: { state: MailRow['state']; error: string | null; now: string },
): Promise<boolean> {
  const result = await db
    .updateTable('mail_outbox')
    .set((eb) => ({
      state: outcome.state,
      attempts: eb('attempts', '+', 1),
      last_error: outcome.error,
      updated_at: outcome.now,
    }))
    .where('id', '=', id)
    .where('state', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** How many mails wait and how many failed, with the latest failure's recipient, answer and time. */
export async function outboxSummary(db: Executor) {
  const counts = await db
    .selectFrom('mail_outbox')
    .select(['state', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('state', 'in', ['pending', 'failed'])
    .groupBy('state')
    .execute();
  const latestFailure = await db
    .selectFrom('mail_outbox')
    .select(['recipient', 'last_error', 'updated_at'])
    .where('state', '=', 'failed')
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  const count = (state: string) => Number(counts.find((c) => c.state === state)?.n ?? 0);
  return { pending: count('pending'), failed: count('failed'), latestFailure };
}
