import { sql, type SelectQueryBuilder } from 'kysely';
import type { Database } from '../db/schema';
import { decodeCursor, encodeCursor } from './cursor';

/** The account lists read newest first; each has `created_at` and `id`. */
type NewestFirstTable = 'access_tokens' | 'sessions';
const createdAt = sql.ref<string>('created_at');
const id = sql.ref<string>('id');

/**
 * One page of a list read newest first by `created_at`, then `id` (the keyset every account list uses), from a
 * query already narrowed to its rows; `nextCursor` is null on the last page.
 */
export async function newestFirstPage<
  TB extends NewestFirstTable,
  O extends { id: string; created_at: string },
>(
  query: SelectQueryBuilder<Database, TB, O>,
  page: { limit: number; cursor?: string },
): Promise<{ rows: O[]; nextCursor: string | null }> {
  const after = decodeCursor(page.cursor, 'text');
  const from = after
    ? query.where((eb) =>
        eb.or([
          eb(createdAt, '<', String(after.value)),
          eb.and([eb(createdAt, '=', String(after.value)), eb(id, '<', after.id)]),
        ]),
      )
    : query;
  const rows = await from
    .orderBy(createdAt, 'desc')
    .orderBy(id, 'desc')
    .limit(page.limit + 1)
    .execute();
  const items = rows.slice(0, page.limit);
  const last = items.at(-1);
  return {
    rows: items,
    nextCursor: rows.length > page.limit && last ? encodeCursor(last.created_at, last.id) : null,
  };
}
