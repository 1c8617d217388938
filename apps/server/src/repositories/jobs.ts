import { sql } from 'kysely';
import type { Executor } from '../db/executor';
import type { JobsTable } from '../db/schema';
import { isPostgres } from '../db/totals';

export type JobRow = JobsTable;

/**
 * Adds a job unless one with this kind and key exists (in any state); its state when it was added, undefined
 * when it was there already. An owner with `queueCap` jobs queued or running gets this one failed at once,
 * with `overCapReason`: one statement, so the count and the insert agree.
 */
export async function insertJobIfAbsent(
  db: Executor,
  job: { id: string; kind: string; key: string; now: string; owner: string | null; runAfter?: string },
  cap: { queueCap: number; overCapReason: string },
): Promise<'queued' | 'failed' | undefined> {
  const over = sql`(select count(*) from jobs where owner_id = ${job.owner} and state in ('queued', 'running')) >= ${cap.queueCap}`;
  // "where true" lets SQLite tell the upsert clause from a join's ON in an INSERT ... SELECT.
  const result = await sql<{ state: 'queued' | 'failed' }>`
    insert into jobs (id, kind, key, state, attempts, lease_owner, lease_expires_at, run_after, last_error,
      created_at, updated_at, owner_id)
    select ${job.id}, ${job.kind}, ${job.key}, case when ${over} then 'failed' else 'queued' end, 0, null, null,
      ${job.runAfter ?? job.now}, case when ${over} then ${cap.overCapReason} else null end, ${job.now}, ${job.now}, ${job.owner}
    where true
    on conflict (kind, key) do nothing
    returning state`.execute(db);
  return result.rows[0]?.state;
}

/**
 * Takes one job for `owner` until `until`: a queued job that is due, or a running one whose lease has expired
 * (its process died). The workers are shared between the accounts the jobs work for: an account already
 * running `runningCap` jobs gets no more, and among the rest the account running fewest goes first, then the
 * job waiting longest. So one account's slow files queue behind each other, never in front of another's.
 *
 * PostgreSQL: the caller holds a transaction; one advisory lock makes claims take turns across processes, so
 * each counts the running jobs the claims before it made, and FOR UPDATE SKIP LOCKED keeps any claim off a
 * row that is being finished. SQLite has a single writer, so the one UPDATE is atomic as it stands.
 */
export async function claimJob(
  db: Executor,
  claim: { owner: string; now: string; until: string; runningCap: number; kinds?: readonly string[] },
): Promise<JobRow | undefined> {
  const postgres = isPostgres(db);
  if (postgres) await sql`select pg_advisory_xact_lock(${CLAIM_LOCK})`.execute(db);
  const due = sql`(j.state = 'queued' and j.run_after <= ${claim.now}) or (j.state = 'running' and j.lease_expires_at < ${claim.now})`;
  const pick = sql`
    select j.id from jobs j
    left join (
      select coalesce(owner_id, '') as account, count(*) as n from jobs
      where state = 'running' and lease_expires_at >= ${claim.now}
      group by coalesce(owner_id, '')
    ) busy on busy.account = coalesce(j.owner_id, '')
    where (${due}) ${claim.kinds ? sql`and j.kind in (${sql.join(claim.kinds)})` : sql``} and coalesce(busy.n, 0) < ${claim.runningCap}
    order by coalesce(busy.n, 0), j.run_after, j.id
    limit 1 ${postgres ? sql`for update of j skip locked` : sql``}`;
  const result = await sql<JobRow>`
    update jobs set state = 'running', attempts = attempts + 1, lease_owner = ${claim.owner},
      lease_expires_at = ${claim.until}, updated_at = ${claim.now}
    where id = (${pick})
    returning *`.execute(db);
  return result.rows[0];
}

/** The advisory lock key that makes job claims take turns on PostgreSQL (any constant unique to it). */
const CLAIM_LOCK = 0x6a6f6273; // "jobs"

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
