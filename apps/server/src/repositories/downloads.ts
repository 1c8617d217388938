import { sql } from 'kysely';
import type { Executor } from '../db/executor';

/** One download in the append-only history: when, which file, which link if any. Nothing about who. */
export async function insertDownload(
  db: Executor,
  row: { id: string; at: string; file_id: string; link_id: string | null },
): Promise<void> {
  await db
    .insertInto('downloads')
    .values({ ...row, count: 1 })
    .execute();
}

const day = sql<string>`substr(at, 1, 10)`;

/** Downloads of a file per UTC day (YYYY-MM-DD) from `since` on; days without downloads are absent. */
export async function downloadsByDay(
  db: Executor,
  fileId: string,
  since: string,
): Promise<Array<{ date: string; count: number }>> {
  const rows = await db
    .selectFrom('downloads')
    .select([day.as('date'), (eb) => eb.fn.sum<number>('count').as('count')])
    .where('file_id', '=', fileId)
    .where('at', '>=', since)
    .groupBy(day)
    .execute();
  return rows.map((r) => ({ date: r.date, count: Number(r.count) }));
}

/**
 * Rolls the history older than `before` up into one row per day, file and link, so it grows with the days
 * files are downloaded on, not with the downloads. At most `batch` groups per call; the rest wait for the next.
 * Returns how many groups were rolled up.
 */
export async function rollUpDownloadsBefore(db: Executor, before: string, batch = 10_000): Promise<number> {
  const groups = await db
    .selectFrom('downloads')
    .select([day.as('date'), 'file_id', 'link_id', (eb) => eb.fn.sum<number>('count').as('total')])
    .where('at', '<', before)
    .groupBy([day, 'file_id', 'link_id'])
    .having((eb) => eb.fn.countAll(), '>', 1)
    .limit(batch)
    .execute();
  for (const group of groups) {
    await db.transaction().execute(async (trx) => {
      let remove = trx
        .deleteFrom('downloads')
        .where('file_id', '=', group.file_id)
        .where('at', '>=', `${group.date}T00:00:00.000Z`)
        .where('at', '<', `${group.date}T99`)
        .where('at', '<', before);
      remove =
        group.link_id === null
          ? remove.where('link_id', 'is', null)
          : remove.where('link_id', '=', group.link_id);
      const removed = await remove.returning('count').execute();
      const total = removed.reduce((sum, r) => sum + Number(r.count), 0);
      if (total === 0) return;
      await trx
        .insertInto('downloads')
        .values({
          id: `day:${group.date}:${group.file_id}:${group.link_id ?? ''}`,
          at: `${group.date}T00:00:00.000Z`,
          file_id: group.file_id,
          link_id: group.link_id,
          count: total,
        })
        .execute();
    });
  }
  return groups.length;
}
