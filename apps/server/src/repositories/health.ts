import { sql } from 'kysely';
import type { Executor } from '../db/executor';

/** Cheap round trip used by the health check. */
export async function pingDatabase(db: Executor): Promise<void> {
  await sql`select 1`.execute(db);
}
