import type { Db } from '../db/connect';
import { inTransaction } from '../db/executor';
import * as folders from '../repositories/folders';
import type { FolderRow } from '../repositories/folders';
import { isoNow, type Clock } from './clock';
import { unusedFolderName } from './folder-names';

/** A folder the top of its owner's tree no longer reaches, and why. */
export interface TreeProblem {
  folder: string;
  problem: 'folder cycle' | 'folder past the depth limit' | 'orphaned folder';
  detail: string;
}

/**
 * Where a stranded group of folders is cut loose: walking up from `start` through the stranded folders, the
 * first one met twice (a cycle) or the first whose parent is not stranded (its parent is gone, another
 * owner's, or at the depth limit). Putting that one at the top brings back everything hanging below it.
 */
function breakPoint(
  start: FolderRow,
  stranded: Map<string, FolderRow>,
): { folder: FolderRow; cycle: boolean } {
  const seen = new Set<string>();
  for (let folder = start; ;) {
    if (seen.has(folder.id)) return { folder: lowestInCycle(folder, stranded), cycle: true };
    seen.add(folder.id);
    const parent = stranded.get(folder.parent_id ?? '');
    if (!parent) return { folder, cycle: false };
    folder = parent;
  }
}

/** The cycle's folder with the lowest id: the same one, whichever member the walk started from. */
function lowestInCycle(member: FolderRow, stranded: Map<string, FolderRow>): FolderRow {
  let lowest = member;
  for (let f = stranded.get(member.parent_id!)!; f.id !== member.id; f = stranded.get(f.parent_id!)!)
    if (f.id < lowest.id) lowest = f;
  return lowest;
}

const strandedFolders = async (db: Db) =>
  new Map((await folders.unreachableFolders(db)).map((f) => [f.id, f]));

/**
 * fsck's check of the folder trees: no move the service makes can leave a cycle, a chain past the depth limit
 * or a folder whose parent is gone, but an old race or a hand-edited database can. The check reports one line
 * per place a tree is broken; the repair puts each such folder back at the top of its owner's tree, renamed
 * '… (restored)', with everything below it.
 */
export class FolderTreeCheck {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async problems(): Promise<TreeProblem[]> {
    const stranded = await strandedFolders(this.db);
    const points = new Map<string, { folder: FolderRow; cycle: boolean }>();
    for (const folder of stranded.values()) {
      const point = breakPoint(folder, stranded);
      points.set(point.folder.id, point);
    }
    const parents = new Map(
      (
        await folders.findFolders(
          this.db,
          [...points.values()].map((p) => p.folder.parent_id!),
        )
      ).map((f) => [f.id, f]),
    );
    return [...points.values()].map(({ folder, cycle }) => {
      const parent = parents.get(folder.parent_id!);
      const problem = cycle
        ? 'folder cycle'
        : parent?.owner_id === folder.owner_id
          ? 'folder past the depth limit'
          : 'orphaned folder';
      return { folder: folder.id, problem, detail: `owner ${folder.owner_id}, parent ${folder.parent_id}` };
    });
  }

  /** Repairs every broken place (each in its own transaction, under the owner's move lock); how many moved. */
  async repair(): Promise<number> {
    let moved = 0;
    // Each pass frees at least one folder, so the passes end; the bound guards against a database that changes
    // under the repair faster than it mends.
    for (let pass = 0; pass < 10_000; pass++) {
      const stranded = await strandedFolders(this.db);
      const first = stranded.values().next().value;
      if (!first) return moved;
      const point = breakPoint(first, stranded).folder;
      await inTransaction(this.db, async (trx) => {
        await folders.serialiseTreeMoves(trx, point.owner_id);
        const name = await unusedFolderName(trx, point.owner_id, null, point.name, { renamed: true });
        await folders.updateFolderRow(trx, point.id, { name, parent_id: null }, isoNow(this.clock));
      });
      moved += 1;
    }
    return moved;
  }
}
