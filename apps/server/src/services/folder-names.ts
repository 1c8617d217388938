import { TRASH_MESSAGES } from '@cloudstash/contract';
import type { Executor } from '../db/executor';
import { findChildFolder } from '../repositories/folders';

/**
 * A name no folder of the owner's has in the parent: the name itself when free, else 'name (restored)', then
 * 'name (restored 2)' and on. `renamed` skips the name itself: a folder put somewhere other than where it was
 * (a restore too deep to go back, a repair) says so in its name.
 */
export async function unusedFolderName(
  trx: Executor,
  ownerId: string,
  parentId: string | null,
  name: string,
  { renamed = false } = {},
): Promise<string> {
  const restored = TRASH_MESSAGES.restoredName(name);
  const candidate = (n: number) => (n === 0 ? name : n === 1 ? restored : `${restored.slice(0, -1)} ${n})`);
  let n = renamed ? 1 : 0;
  while (await findChildFolder(trx, ownerId, parentId, candidate(n))) n += 1;
  return candidate(n);
}
