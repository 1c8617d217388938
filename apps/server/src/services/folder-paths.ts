import type { FolderPathItem } from '@cloudstash/contract';
import type { Executor } from '../db/executor';
import { chainsOf } from '../repositories/folders';

/**
 * The path to each of `folderIds`, from the top of its tree down to the folder itself, in one query: what a
 * search hit shows of where it lies. Without `tops`, only for folders of the caller's own tree, whose every
 * folder they see; with them (the folders shared with the caller), a path starts at the highest of them on it,
 * so the owner's folders above stay unnamed.
 */
export async function pathsTo(
  db: Executor,
  folderIds: Iterable<string>,
  tops?: ReadonlySet<string>,
): Promise<Map<string, FolderPathItem[]>> {
  const chains = new Map<string, Array<{ depth: number; item: FolderPathItem }>>();
  for (const row of await chainsOf(db, [...new Set(folderIds)])) {
    const chain = chains.get(row.start_id) ?? [];
    chain.push({ depth: row.depth, item: { _id: row.id, name: row.name } });
    chains.set(row.start_id, chain);
  }
  return new Map(
    [...chains].map(([id, chain]) => {
      const highest = tops
        ? Math.max(...chain.filter((c) => tops.has(c.item._id)).map((c) => c.depth))
        : Infinity;
      const seen = chain.filter((c) => c.depth <= highest);
      return [id, seen.sort((a, b) => b.depth - a.depth).map((c) => c.item)];
    }),
  );
}
