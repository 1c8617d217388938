import { sql, type Selectable } from 'kysely';
import { caseFold, nameSortKey } from '@cloudstash/contract';
import type { Executor } from '../db/executor';
import type {
  DavPropertiesTable,
  DownloadsTable,
  FilesTable,
  FileVersionsTable,
  FoldersTable,
  LinksTable,
  TrashEntriesTable,
} from '../db/schema';
import { decodeCursor, encodeCursor } from './cursor';
import { FILE_THUMBNAIL_JOB } from './thumbnails';

export type TrashEntryRow = TrashEntriesTable;

/** Every row a deleted item took out of its tables, as it was, to be put back on a restore. */
export interface TrashedRows {
  folders: Selectable<FoldersTable>[];
  files: Selectable<FilesTable>[];
  versions: Selectable<FileVersionsTable>[];
  links: Selectable<LinksTable>[];
  downloads: Selectable<DownloadsTable>[];
  properties: Selectable<DavPropertiesTable>[];
}

const CHUNK = 500;

async function inChunks<T>(ids: string[], read: (chunk: string[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < ids.length; i += CHUNK) out.push(...(await read(ids.slice(i, i + CHUNK))));
  return out;
}

const resourceKeys = (rows: Pick<TrashedRows, 'files' | 'folders'>) => [
  ...rows.files.map((f) => `file:${f.id}`),
  ...rows.folders.map((f) => `folder:${f.id}`),
];

/**
 * Reads, then deletes, the rows of these folders and files (the files of the folders must be among `fileIds`):
 * the files' versions, links, download history and WebDAV properties with them. No blob reference is released:
 * the caller moves them to the trash entry in the same transaction.
 */
export async function takeRows(trx: Executor, folderIds: string[], fileIds: string[]): Promise<TrashedRows> {
  const folders = await inChunks(folderIds, (c) =>
    trx.selectFrom('folders').selectAll().where('id', 'in', c).execute(),
  );
  const files = await inChunks(fileIds, (c) =>
    trx.selectFrom('files').selectAll().where('id', 'in', c).execute(),
  );
  const ids = files.map((f) => f.id);
  const versions = await inChunks(ids, (c) =>
    trx.selectFrom('file_versions').selectAll().where('file_id', 'in', c).execute(),
  );
  const links = await inChunks(ids, (c) =>
    trx.selectFrom('links').selectAll().where('file_id', 'in', c).execute(),
  );
  const downloads = await inChunks(ids, (c) =>
    trx.selectFrom('downloads').selectAll().where('file_id', 'in', c).execute(),
  );
  const resources = resourceKeys({ files, folders });
  const properties = await inChunks(resources, (c) =>
    trx.selectFrom('dav_properties').selectAll().where('resource', 'in', c).execute(),
  );
  await inChunks(resources, (c) => trx.deleteFrom('dav_properties').where('resource', 'in', c).execute());
  await inChunks(ids, (c) => trx.deleteFrom('downloads').where('file_id', 'in', c).execute());
  await inChunks(ids, (c) => trx.deleteFrom('links').where('file_id', 'in', c).execute());
  await inChunks(ids, (c) => trx.deleteFrom('file_versions').where('file_id', 'in', c).execute());
  await inChunks(ids, (c) =>
    trx.deleteFrom('jobs').where('kind', '=', FILE_THUMBNAIL_JOB).where('key', 'in', c).execute(),
  );
  await inChunks(ids, (c) => trx.deleteFrom('files').where('id', 'in', c).execute());
  await inChunks(folderIds, (c) => trx.deleteFrom('folders').where('id', 'in', c).execute());
  return { folders, files, versions, links, downloads, properties };
}

/** The ids of every file directly in these folders. */
export async function fileIdsIn(db: Executor, folderIds: string[]): Promise<string[]> {
  const rows = await inChunks(folderIds, (c) =>
    db.selectFrom('files').select('id').where('folder_id', 'in', c).execute(),
  );
  return rows.map((r) => r.id);
}

/** Inserts rows `takeRows` took, in an order their foreign keys accept. */
export async function putRowsBack(trx: Executor, rows: TrashedRows): Promise<void> {
  const insert = async <T>(items: T[], write: (chunk: T[]) => Promise<unknown>) => {
    for (let i = 0; i < items.length; i += 100) await write(items.slice(i, i + 100));
  };
  // A restored folder may come back under a new name: its derived name columns follow the name.
  const folders = rows.folders.map((f) => ({
    ...f,
    name_key: nameSortKey(f.name),
    name_fold: caseFold(f.name),
  }));
  await insert(folders, (c) => trx.insertInto('folders').values(c).execute());
  await insert(rows.files, (c) => trx.insertInto('files').values(c).execute());
  await insert(rows.versions, (c) => trx.insertInto('file_versions').values(c).execute());
  await insert(rows.links, (c) => trx.insertInto('links').values(c).execute());
  await insert(rows.downloads, (c) => trx.insertInto('downloads').values(c).execute());
  await insert(rows.properties, (c) => trx.insertInto('dav_properties').values(c).execute());
}

/** Records an entry and the blob references it holds (a hash once per reference). */
export async function insertEntry(trx: Executor, entry: TrashEntryRow, blobHashes: string[]): Promise<void> {
  await trx.insertInto('trash_entries').values(entry).execute();
  const refs = new Map<string, number>();
  for (const hash of blobHashes) refs.set(hash, (refs.get(hash) ?? 0) + 1);
  const rows = [...refs].map(([blob_hash, n]) => ({ entry_id: entry.id, blob_hash, refs: n }));
  for (let i = 0; i < rows.length; i += CHUNK)
    await trx
      .insertInto('trash_blobs')
      .values(rows.slice(i, i + CHUNK))
      .execute();
}

/**
 * Deletes an entry and the references it holds (the references first: they point at the entry): the entry as
 * it was and the hashes of its references (one per reference, for the caller to release), or undefined when
 * another request took it first.
 */
export async function deleteEntry(
  trx: Executor,
  id: string,
): Promise<{ entry: TrashEntryRow; blobHashes: string[] } | undefined> {
  const blobs = await trx
    .deleteFrom('trash_blobs')
    .where('entry_id', '=', id)
    .returning(['blob_hash', 'refs'])
    .execute();
  const entry = await trx.deleteFrom('trash_entries').where('id', '=', id).returningAll().executeTakeFirst();
  if (!entry) return undefined;
  return { entry, blobHashes: blobs.flatMap((b) => Array<string>(Number(b.refs)).fill(b.blob_hash)) };
}

/** The owner's entries among these ids. */
export function ownedEntries(db: Executor, ownerId: string, ids: string[]): Promise<TrashEntryRow[]> {
  if (!ids.length) return Promise.resolve([]);
  return db
    .selectFrom('trash_entries')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .where('id', 'in', ids)
    .execute();
}

/** A batch of an owner's entries (id and kind), for emptying a trash. */
export async function entryKindsOf(
  db: Executor,
  ownerId: string,
  limit: number,
): Promise<Pick<TrashEntryRow, 'id' | 'kind'>[]> {
  return db
    .selectFrom('trash_entries')
    .select(['id', 'kind'])
    .where('owner_id', '=', ownerId)
    .limit(limit)
    .execute();
}

/** A batch of entries whose time is up, oldest first. */
export async function dueEntryIds(db: Executor, now: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('trash_entries')
    .select('id')
    .where('purge_at', '<=', now)
    .orderBy('purge_at')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

type TrashListing = Omit<TrashEntryRow, 'rows' | 'folder_ids'>;

/** One keyset page of an owner's trash, newest deleted first, and how many entries it holds. */
export async function listEntries(
  db: Executor,
  ownerId: string,
  page: { limit: number; cursor?: string },
): Promise<{ items: TrashListing[]; total: number; nextCursor: string | null }> {
  const { total } = await db
    .selectFrom('trash_entries')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .where('owner_id', '=', ownerId)
    .executeTakeFirstOrThrow();
  const after = decodeCursor(page.cursor, 'text');
  let query = db
    .selectFrom('trash_entries')
    .select([
      'id',
      'owner_id',
      'kind',
      'name',
      'folder_id',
      'folder_names',
      'mimetype',
      'size',
      'files',
      'deleted_at',
      'purge_at',
    ])
    .where('owner_id', '=', ownerId);
  if (after) {
    const at = String(after.value);
    query = query.where((eb) =>
      eb.or([eb('deleted_at', '<', at), eb.and([eb('deleted_at', '=', at), eb('id', '<', after.id)])]),
    );
  }
  const rows = await query
    .orderBy('deleted_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit + 1)
    .execute();
  const items = rows.slice(0, page.limit);
  const last = items.at(-1);
  const nextCursor = rows.length > page.limit && last ? encodeCursor(last.deleted_at, last.id) : null;
  return { items, total: Number(total), nextCursor };
}

/** Bytes in trash: one account's, or the whole instance's when ownerId is null. */
export async function trashBytes(db: Executor, ownerId: string | null): Promise<number> {
  let query = db.selectFrom('trash_entries').select(sql<number>`coalesce(sum(size), 0)`.as('bytes'));
  if (ownerId !== null) query = query.where('owner_id', '=', ownerId);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.bytes);
}
