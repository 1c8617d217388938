import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema';

/** A connection or an open transaction: every repository function accepts either. */
export type Executor = Kysely<Database> | Transaction<Database>;

/** Runs `work` in one transaction; services use this without touching SQL. */
export function inTransaction<T>(
  db: Kysely<Database>,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(work);
}
