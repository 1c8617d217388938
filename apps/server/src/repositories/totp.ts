import type { Executor } from '../db/executor';

export function findTotp(db: Executor, userId: string) {
  return db.selectFrom('totp').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export async function savePendingSecret(db: Executor, userId: string, secret: string): Promise<void> {
  await db
    .insertInto('totp')
    .values({ user_id: userId, pending_secret: secret })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ pending_secret: secret }))
    .execute();
}

/** Turns the pending secret on, remembering the step its confirming code used. */
export async function confirmSecret(
  db: Executor,
  userId: string,
  secret: string,
  step: number,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('totp')
    .set({ secret, pending_secret: null, enabled_at: now, last_step: step })
    .where('user_id', '=', userId)
    .where('pending_secret', '=', secret)
    .where('secret', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Records that a code of `step` was accepted, only if no code of that step or a later one was before: the
 * compare-and-set makes a replay lose even when both requests arrive at once on different processes.
 */
export async function claimStep(db: Executor, userId: string, step: number): Promise<boolean> {
  const result = await db
    .updateTable('totp')
    .set({ last_step: step })
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteTotp(db: Executor, userId: string): Promise<void> {
  await db.deleteFrom('totp').where('user_id', '=', userId).execute();
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
}

export async function replaceRecoveryCodes(db: Executor, userId: string, hashes: string[]): Promise<void> {
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  await db
    .insertInto('recovery_codes')
    .values(hashes.map((code_hash) => ({ user_id: userId, code_hash, used_at: null })))
    .execute();
}

/** Marks an unused recovery code used; false when it is unknown or was used already (single use, atomically). */
export async function useRecoveryCode(
  db: Executor,
  userId: string,
  hash: string,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('recovery_codes')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('code_hash', '=', hash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function countUnusedRecoveryCodes(db: Executor, userId: string): Promise<number> {
  const row = await db
    .selectFrom('recovery_codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
