import { sql } from 'kysely';
import type { Executor } from '../db/executor';
import type { FileTotalsTable } from '../db/schema';
import { FILE_TOTAL_COLUMNS } from '../db/totals';

/**
 * The maintained file counters (db/totals.ts), read as raw figures: per instance and per owner. Shaping them
 * into API answers is the presenters' job (services/presenters.ts).
 */

export type TotalColumn = Exclude<keyof FileTotalsTable, 'slot'>;

/** The instance's maintained totals (db/totals.ts): a sum over a few slot rows, whatever the number of files. */
export async function instanceTotals(db: Executor): Promise<Record<TotalColumn, number>> {
  const columns: readonly TotalColumn[] = FILE_TOTAL_COLUMNS;
  const row = (await db
    .selectFrom('file_totals')
    .select(columns.map((c) => sql<number>`coalesce(sum(${sql.ref(c)}), 0)`.as(c)))
    .executeTakeFirstOrThrow()) as Record<TotalColumn, number | string>;
  return Object.fromEntries(columns.map((c) => [c, Number(row[c])])) as Record<TotalColumn, number>;
}

/** One owner's maintained totals (files, size, public files, downloads); undefined before their first file. */
export function ownerTotalsRow(db: Executor, ownerId: string) {
  return db.selectFrom('owner_file_totals').selectAll().where('owner_id', '=', ownerId).executeTakeFirst();
}

/** The account with the most files, for the storage statistics (ties: the smallest id), off an index. */
export async function topUploader(db: Executor) {
  const row = await db
    .selectFrom('owner_file_totals')
    .innerJoin('users', 'users.id', 'owner_file_totals.owner_id')
    .select(['users.id', 'users.name', 'owner_file_totals.files as uploads'])
    .where('owner_file_totals.files', '>', 0)
    .orderBy('owner_file_totals.files', 'desc')
    .orderBy('owner_file_totals.owner_id')
    .limit(1)
    .executeTakeFirst();
  return row && { ...row, uploads: Number(row.uploads) };
}
