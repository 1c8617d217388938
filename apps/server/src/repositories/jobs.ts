import { sql } from 'kysely';
import type { Executor } from '../db/executor';
import type { JobsTable } from '../db/schema';
import { isPostgres } from '../db/totals';

export type JobRow = JobsTable;

/** Adds a queued job unless one with this kind and key exists (in any state); true when it was added. */
export async function insertJobIfAbsent(
  db: Executor,
  job: { id: string; kind: string; key: string; now: string },
): Promise<boolean> {
  const row = await db
    .insertInto('jobs')
    .values({
      id: job.id,
      kind: job.kind,
      key: job.key,
      state: 'queued',
      attempts: 0,
      lease_owner: null,
      lease_expires_at: null,
      run_after: job.now,
      last_error: null,
      created_at: job.now,
      updated_at: job.now,
    })
    .onConflict((oc) => oc.columns(['kind', 'key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Takes one job for `owner` until `until`: a queued job that is due, or a running one whose lease has expired
 * (its process died). PostgreSQL picks the row with FOR UPDATE SKIP LOCKED, so processes claiming at once
 * each get a different job; SQLite has a single writer, so the one UPDATE is atomic as it stands.
 */
export async function claimJob(
  db: Executor,
  claim: { owner: string; now: string; until: string },
): Promise<JobRow | undefined> {
  const due = sql`(state = 'queued' and run_after <= ${claim.now}) or (state = 'running' and lease_expires_at < ${claim.now})`;
  const pick = isPostgres(db)
    ? sql`select id from jobs where ${due} order by run_after, id limit 1 for update skip locked`
    : sql`select id from jobs where ${due} order by run_after, id limit 1`;
  const result = await sql<JobRow>`
    update jobs set state = 'running', attempts = attempts + 1, lease_owner = ${claim.owner},
      lease_expires_at = ${claim.until}, updated_at = ${claim.now}
    where id = (${pick})
    returning *`.execute(db);
  return result.rows[0];
}

/** Ends a job the owner still holds; false when its lease was lost to another process meanwhile. */
export async function finishJob(
  db: Executor,
  job: { id: string; owner: string; now: string },
  outcome: { state: 'done' | 'failed' | 'queued'; error: string | null; runAfter?: string },
): Promise<boolean> {
  const row = await db
    .updateTable('jobs')
    .set({
      state: outcome.state,
      last_error: outcome.error,
      lease_owner: null,
      lease_expires_at: null,
      updated_at: job.now,
      ...(outcome.runAfter && { run_after: outcome.runAfter }),
    })
    .where('id', '=', job.id)
    .where('lease_owner', '=', job.owner)
    .where('state', '=', 'running')
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export function findJob(db: Executor, kind: string, key: string) {
  return db.selectFrom('jobs').selectAll().where('kind', '=', kind).where('key', '=', key).executeTakeFirst();
}

/** Forgets a job, so the same key may be enqueued afresh (its subject was deleted). */
export async function deleteJob(db: Executor, kind: string, key: string): Promise<void> {
  await db.deleteFrom('jobs').where('kind', '=', kind).where('key', '=', key).execute();
}
