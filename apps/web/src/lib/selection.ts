import type { ZipBody } from '@cloudstash/contract';

/** What a bulk action is done to: files and folders by id. */
export type Selection = Required<ZipBody>;

/** One selectable row of a list: a folder or a file. */
export interface Entry {
  kind: 'folder' | 'file';
  id: string;
}

export const entryKey = (entry: Entry) => `${entry.kind}:${entry.id}`;

/** What the checkboxes hold: the keys chosen, and the last one clicked (where a shift-click range starts). */
export interface SelectionState {
  keys: ReadonlySet<string>;
  anchor: string | null;
}

export const EMPTY_SELECTION: SelectionState = { keys: new Set(), anchor: null };

/**
 * A click on one checkbox. A plain click flips that row; a shift-click gives every row between the last one
 * clicked and this one the state this one takes, as file managers do. `order` is the rows as shown.
 */
export function clickEntry(
  state: SelectionState,
  order: readonly Entry[],
  clicked: Entry,
  shift: boolean,
): SelectionState {
  const key = entryKey(clicked);
  const keys = new Set(state.keys);
  const turnOn = !keys.has(key);
  const keysInOrder = order.map(entryKey);
  const from = state.anchor === null ? -1 : keysInOrder.indexOf(state.anchor);
  const to = keysInOrder.indexOf(key);
  if (shift && from >= 0 && to >= 0) {
    const [low, high] = from < to ? [from, to] : [to, from];
    for (const inRange of keysInOrder.slice(low, high + 1)) {
      if (turnOn) keys.add(inRange);
      else keys.delete(inRange);
    }
  } else if (turnOn) keys.add(key);
  else keys.delete(key);
  return { keys, anchor: key };
}

/** Select all: every row shown, or none when all are already chosen. */
export function toggleAll(state: SelectionState, order: readonly Entry[]): SelectionState {
  const all = order.length > 0 && order.every((entry) => state.keys.has(entryKey(entry)));
  return { keys: all ? new Set() : new Set(order.map(entryKey)), anchor: null };
}

/** Keeps only rows still shown (after a move or delete, or a new page of the list). */
export function keepShown(state: SelectionState, order: readonly Entry[]): SelectionState {
  const shown = new Set(order.map(entryKey));
  const keys = new Set([...state.keys].filter((key) => shown.has(key)));
  return keys.size === state.keys.size ? state : { keys, anchor: state.anchor };
}

/** The chosen rows as the bulk endpoints take them. */
export function selectionIds(keys: Iterable<string>): Selection {
  const fileIds: string[] = [];
  const folderIds: string[] = [];
  for (const key of keys) {
    const [kind, id] = [key.slice(0, key.indexOf(':')), key.slice(key.indexOf(':') + 1)];
    (kind === 'folder' ? folderIds : fileIds).push(id);
  }
  return { fileIds, folderIds };
}

/**
 * The row to move focus to once `removed` leave the list: the first kept row after the last removed one, else
 * the last kept row before them; null when none is kept (focus goes to the screen's heading then).
 */
export function rowAfterRemoval(order: readonly Entry[], removed: ReadonlySet<string>): Entry | null {
  const indexes = order.flatMap((entry, index) => (removed.has(entryKey(entry)) ? [index] : []));
  if (indexes.length === 0) return null;
  const kept = (entry: Entry) => !removed.has(entryKey(entry));
  const after = order.slice(indexes[indexes.length - 1]! + 1).find(kept);
  return after ?? order.slice(0, indexes[0]).findLast(kept) ?? null;
}
