import type { Executor } from '../db/executor';

/**
 * Takes or renews the named lease for `holder` until `until`; true when this holder now has it. A lease held
 * by another process is taken over only once it has expired, so at most one process holds it at a time.
 */
export async function tryAcquireLease(
  db: Executor,
  name: string,
  holder: string,
  now: string,
  until: string,
) {
  const row = await db
    .insertInto('leases')
    .values({ name, holder, expires_at: until })
    .onConflict((oc) =>
      oc
        .column('name')
        .doUpdateSet({ holder, expires_at: until })
        .where((eb) => eb.or([eb('leases.expires_at', '<', now), eb('leases.holder', '=', holder)])),
    )
    .returning('holder')
    .executeTakeFirst();
  return row?.holder === holder;
}

export async function releaseLease(db: Executor, name: string, holder: string): Promise<void> {
  await db.deleteFrom('leases').where('name', '=', name).where('holder', '=', holder).execute();
}
