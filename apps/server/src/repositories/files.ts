import { sql, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import { nameSortKey, type FileListParams, type SortField } from '@cloudstash/contract';
import type { Executor } from '../db/executor';
import { preparedQuery } from '../db/prepared-query';
import type { Database, FilesTable } from '../db/schema';
import { CATEGORY_COLUMNS, isPostgres } from '../db/totals';
import { decodeCursor, encodeCursor, type Cursor } from './cursor';
import { instanceTotals, ownerTotalsRow } from './file-totals';
import { deleteJob } from './jobs';
import { FILE_THUMBNAIL_JOB } from './thumbnails';
import { likePattern } from './like';

export type FileRow = Omit<
  FilesTable,
  | 'download_count'
  | 'client_mtime'
  | 'exact_name'
  | 'request_id'
  | 'upload_note'
  | 'uploader_id'
  | 'uploader_name'
  | 'upload_client'
> & {
  download_count: number;
  /** Set by WebDAV clients only (db/migrations/023-webdav.ts); absent means null and 0. */
  client_mtime?: string | null;
  exact_name?: number;
  /** Set for files that came through an upload link only (db/migrations/025-sharing.ts). */
  request_id?: string | null;
  upload_note?: string | null;
  /** Who put the file here (db/migrations/029-file-uploaders.ts); absent means null. */
  uploader_id?: string | null;
  uploader_name?: string | null;
  upload_client?: string | null;
};

/** A file with the owner's public columns; owner fields are null when the account is gone. */
export interface FileWithOwner extends FileRow {
  owner_name: string | null;
  owner_email: string | null;
  owner_role: 'user' | 'admin' | null;
  /** The name of the account that uploaded it; null when none did (a link's visitor) or it is gone. */
  uploader_account_name: string | null;
  /** 1 when the file's content has its thumbnails and the file's own job is over, else 0. */
  has_thumbnail: number;
  /** 1 while the file's thumbnail job is queued or running, else 0. */
  thumbnail_pending: number;
}

/** One file opened for its bytes: also the checksum its whole reads are checked against, when known. */
export interface FileWithBlob extends FileRow {
  blob_crc32c: number | null;
}

/** Which files a list may contain at all, before the user's own filters. */
export type FileScope = { kind: 'owner'; ownerId: string } | { kind: 'public' } | { kind: 'all' };

const SORT_COLUMN: Record<SortField, string> = {
  filename: 'files.filename',
  uploader: 'users.name',
  size: 'files.size',
  downloadCount: 'files.download_count',
  createdAt: 'files.created_at',
};

/** The stored sort key of each name column (contract nameSortKey: case and accents folded). */
const NAME_KEY_COLUMN: Partial<Record<SortField, string>> = {
  filename: 'files.filename_key',
  uploader: 'users.name_key',
};

/**
 * The keys a list is ordered by, most significant first, and the cursor's values for them. Names order by their
 * stored sort key, which ignores case and accents ("ébène", "Éclair", "Ezra"), then by the exact name, then by
 * id, all compared byte by byte on both dialects: SQLite compares bytes, and PostgreSQL is pinned to the "C"
 * collation, since the database's own (en_US, say) would order differently. The cursor holds the last row's
 * name, whose key is computed here by the same function that stored it. The matching indexes are in
 * db/migrations/017-name-sort-keys.ts.
 */
function sortKeys(
  db: Executor,
  sort: SortField,
  after?: Cursor,
): { keys: RawBuilder<unknown>[]; values: unknown[] } {
  const column = sql.ref(SORT_COLUMN[sort]);
  const keyColumn = NAME_KEY_COLUMN[sort];
  if (!keyColumn) return { keys: [column, sql.ref('files.id')], values: [after?.value, after?.id] };
  const c = isPostgres(db) ? sql` collate "C"` : sql``;
  return {
    keys: [sql`${sql.ref(keyColumn)}${c}`, sql`${column}${c}`, sql`files.id${c}`],
    values: [after && nameSortKey(String(after.value)), after?.value, after?.id],
  };
}

/**
 * Files with their owner's public columns, whether their content has a thumbnail and whether one is on its
 * way: one primary-key probe of `thumbnails` and one of the jobs' (kind, key) index per row returned, so a
 * page costs the same with or without them.
 *
 * A new file shows its thumbnails only once its own job is over, even when its content had them already
 * (another file holds the same bytes): otherwise the upload's answer would tell its owner that someone else
 * holds those bytes. For the same reason a file whose job failed (its account had too many waiting, say)
 * shows none either.
 */
export function selectWithOwner(db: Executor) {
  const pending = sql<boolean>`jobs.state in ('queued', 'running')`;
  const notMade = sql<boolean>`jobs.state in ('queued', 'running', 'failed')`;
  return db
    .selectFrom('files')
    .leftJoin('users', 'users.id', 'files.owner_id')
    .leftJoin('users as uploaders', 'uploaders.id', 'files.uploader_id')
    .leftJoin('thumbnails', (join) =>
      join.onRef('thumbnails.blob_hash', '=', 'files.blob_hash').on('thumbnails.size', '=', 256),
    )
    .selectAll('files')
    .select(['users.name as owner_name', 'users.email as owner_email', 'users.role as owner_role'])
    .select('uploaders.name as uploader_account_name')
    .leftJoin('jobs', (join) =>
      join.onRef('jobs.key', '=', 'files.id').on('jobs.kind', '=', FILE_THUMBNAIL_JOB),
    )
    .select(
      sql<number>`case when thumbnails.blob_hash is null or ${notMade} then 0 else 1 end`.as('has_thumbnail'),
    )
    .select(sql<number>`case when ${pending} then 1 else 0 end`.as('thumbnail_pending'));
}

/** A file row as the services build it: its name's sort key is derived here, with the row. */
export type NewFileRow = Omit<FileRow, 'filename_key'>;

export async function insertFile(db: Executor, file: NewFileRow): Promise<void> {
  await db
    .insertInto('files')
    .values({ ...file, filename_key: nameSortKey(file.filename) })
    .execute();
}

// Every request for a file's bytes reads this: the file and its checksum, without the listing's joins.
const fileContentById = preparedQuery((db, id: string) =>
  db
    .selectFrom('files')
    .leftJoin('blobs', 'blobs.hash', 'files.blob_hash')
    .selectAll('files')
    .select('blobs.crc32c as blob_crc32c')
    .where('files.id', '=', id),
);

export async function findFileContent(db: Executor, id: string): Promise<FileWithBlob | undefined> {
  return (await fileContentById(db, id))[0] as FileWithBlob | undefined;
}

export function findFileWithOwner(
  db: Executor,
  id: string,
): Promise<(FileWithOwner & FileWithBlob) | undefined> {
  return selectWithOwner(db)
    .leftJoin('blobs', 'blobs.hash', 'files.blob_hash')
    .select('blobs.crc32c as blob_crc32c')
    .where('files.id', '=', id)
    .executeTakeFirst() as Promise<(FileWithOwner & FileWithBlob) | undefined>;
}

export type FileChanges = Partial<Pick<FileRow, 'filename' | 'is_public' | 'folder_id'>>;

export async function updateFileRow(
  db: Executor,
  id: string,
  changes: FileChanges,
  now: string,
): Promise<void> {
  const key = changes.filename === undefined ? {} : { filename_key: nameSortKey(changes.filename) };
  await db
    .updateTable('files')
    .set({ ...changes, ...key, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/**
 * Removes a file row, and its thumbnail job with it, and says which blob it referenced, or undefined when it
 * was already gone.
 */
export async function deleteFileRow(db: Executor, id: string): Promise<string | undefined> {
  const row = await db.deleteFrom('files').where('id', '=', id).returning('blob_hash').executeTakeFirst();
  await deleteJob(db, FILE_THUMBNAIL_JOB, id);
  return row?.blob_hash;
}

/** One more download, counted atomically in the database so concurrent downloads are never lost. */
export async function incrementDownloadCount(db: Executor, id: string): Promise<void> {
  await db
    .updateTable('files')
    .set({ download_count: sql`download_count + 1` })
    .where('id', '=', id)
    .execute();
}

const contains = (column: string, text: string) =>
  sql<boolean>`lower(${sql.ref(column)}) like ${likePattern(text)} escape '\\'`;

type FilesQuery = SelectQueryBuilder<
  Database & { users: Database['users'] },
  'files' | 'users',
  Record<string, unknown>
>;

function applyFilters(
  query: FilesQuery,
  scope: FileScope,
  p: FileListParams,
  search: { email: boolean; byIndex: boolean; offIndexes: boolean; uploaders: boolean },
  db: Executor,
): FilesQuery {
  let q = query;
  const equals = (column: 'files.is_public' | 'files.category', value: string | number) =>
    search.offIndexes
      ? sql<boolean>`+${sql.ref(column)} = ${value}`
      : sql<boolean>`${sql.ref(column)} = ${value}`;
  if (scope.kind === 'owner') q = q.where('files.owner_id', '=', scope.ownerId);
  if (scope.kind === 'public') q = q.where(equals('files.is_public', 1));
  if (p.visibility) q = q.where(equals('files.is_public', p.visibility === 'public' ? 1 : 0));
  if (p.category) q = q.where(equals('files.category', p.category));
  if (p.userId) q = q.where('files.owner_id', '=', p.userId);
  if (p.uploader) q = q.where(contains('users.name', p.uploader));
  if (p.id) q = q.where(contains('files.id', p.id));
  if (p.type) q = q.where(contains('files.mimetype', p.type));
  if (p.folderId !== undefined) {
    const folderId = p.folderId;
    q = q.where((eb) =>
      folderId === null ? eb('files.folder_id', 'is', null) : eb('files.folder_id', '=', folderId),
    );
  }
  if (p.q) {
    const text = p.q;
    if (search.byIndex) {
      // A rare text: its few candidates come through the indexes, and each is tested against its own row.
      q = q.where(searchCandidates(db, text, search));
      q = q.where((eb) =>
        eb.or([
          contains('files.filename', text),
          ...(search.uploaders
            ? [contains('users.name', text), ...(search.email ? [contains('users.email', text)] : [])]
            : []),
        ]),
      );
    } else {
      // A common or short text, read in the list's order: the uploaders whose name (or email) contains it are
      // found once, and each file is tested against that set rather than through its joined owner row (at 1M
      // files, 6.6 ms against 23 ms to count the first 1001 matches of q=report on SQLite).
      q = q.where((eb) =>
        search.uploaders
          ? eb.or([
              contains('files.filename', text),
              eb('files.owner_id', 'in', uploadersMatching(db, text, search.email)),
            ])
          : contains('files.filename', text),
      );
    }
  }
  return q;
}

/** Trigrams index text of three characters or more; a shorter search is a scan (db/search-indexes.ts). */
const indexable = (text: string) => [...text].length >= 3;

/** Up to this many files whose name contains the text, looking them up through the index beats a scan. */
const NARROW_SEARCH_FILES = 1000;

/**
 * Whether a search goes through the trigram indexes: only when the text is rare. A common text (one file name
 * in fifteen at 1M files) is cheaper read in the list's own order, which stops at the page's last row, with its
 * total counted only up to the limit (listFiles); through the index its tens of thousands of candidates would
 * each be looked up and sorted first (PostgreSQL, q=report at 1M: 1.1 s that way, 0.46 s as a plain scan before
 * the count had a limit). A rare text drops from a scan to a few milliseconds. How many file names contain it
 * tells which it is: SQLite counts them in its FTS5 table up to NARROW_SEARCH_FILES, PostgreSQL's planner
 * estimates them.
 */
async function searchByIndex(db: Executor, text: string | undefined, rareBelow: number): Promise<boolean> {
  if (text === undefined || !indexable(text)) return false;
  if (isPostgres(db)) return (await plannedFileNameMatches(db, text)) < rareBelow;
  const candidates = sql`select rowid from files_search where files_search match ${ftsPhrase(text)} limit ${rareBelow}`;
  const { rows } = await sql<{ n: number }>`select count(*) as n from (${candidates}) c`.execute(db);
  return Number(rows[0]?.n ?? 0) < rareBelow;
}

/**
 * How many file names PostgreSQL's planner expects to contain the text, from the statistics ANALYZE keeps on
 * the indexed lower(filename): counting them for real, even up to a limit, read 15,000 rows for q=report at 1M
 * files (13 ms, half of that search). A wrong guess only picks the slower of two ways to the same rows.
 */
async function plannedFileNameMatches(db: Executor, text: string): Promise<number> {
  const { rows } = await sql<{
    'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }];
  }>`explain (format json) select 1 from files where ${contains('filename', text)}`.execute(db);
  return rows[0]?.['QUERY PLAN'][0].Plan['Plan Rows'] ?? 0;
}

/**
 * The ids of the uploaders whose name (or email) contains the text. On SQLite through the FTS5 table when the
 * text has trigrams, since every account would otherwise be read for each search; PostgreSQL's planner takes its
 * trigram index on its own.
 */
function uploadersMatching(db: Executor, text: string, searchEmail: boolean) {
  let users = db
    .selectFrom('users')
    .select('users.id')
    .where((eb) =>
      eb.or([contains('users.name', text), ...(searchEmail ? [contains('users.email', text)] : [])]),
    );
  if (!isPostgres(db) && indexable(text)) {
    users = users.where(sql<boolean>`users.rowid in (${usersSearchRowids(text, searchEmail)})`);
  }
  return users;
}

/**
 * Whether any account's name (or email, where those are searched) contains the text. Most searched words are in
 * no one's name, and then a search is by file name alone, a test that an index of file names can answer without
 * reading the rows (countFrom); the owner's side would need them.
 */
async function anyUploaderMatches(db: Executor, text: string, searchEmail: boolean): Promise<boolean> {
  return (await uploadersMatching(db, text, searchEmail).limit(1).executeTakeFirst()) !== undefined;
}

/** An FTS5 query for `text` as one literal phrase: its own double quotes doubled, nothing else special. */
const ftsPhrase = (text: string) => `"${text.replaceAll('"', '""')}"`;

/**
 * The files a search may match, found through the trigram indexes: those whose name contains the text, and
 * those of uploaders whose name (or email) does, when any does. A superset of the matches, never fewer: the LIKE
 * conditions beside it decide. Both sides are conditions on `files` alone, since an OR across the join could use
 * no index; on PostgreSQL a union of the two lookups, which its planner does not build from an OR of two
 * subqueries.
 */
function searchCandidates(
  db: Executor,
  text: string,
  search: { email: boolean; uploaders: boolean },
): RawBuilder<boolean> {
  if (isPostgres(db)) {
    const pattern = likePattern(text);
    const byName = sql`select f.id from files f where lower(f.filename) like ${pattern} escape '\\'`;
    if (!search.uploaders) return sql<boolean>`files.id in (${byName})`;
    const byUser = search.email
      ? sql`lower(u.name) like ${pattern} escape '\\' or lower(u.email) like ${pattern} escape '\\'`
      : sql`lower(u.name) like ${pattern} escape '\\'`;
    return sql<boolean>`files.id in (
      ${byName}
      union
      select f.id from files f where f.owner_id in (select u.id from users u where ${byUser}))`;
  }
  const byName = sql<boolean>`files.rowid in (select rowid from files_search where files_search match ${ftsPhrase(text)})`;
  if (!search.uploaders) return byName;
  // SQLite takes each side of the OR through its own index (a multi-index OR) and reads rows by rowid.
  return sql<boolean>`(${byName}
    or files.owner_id in (select u.id from users u where u.rowid in (${usersSearchRowids(text, search.email)})))`;
}

/** SQLite: the rowids of the accounts whose name (or email) contains the text, through their FTS5 table. */
function usersSearchRowids(text: string, searchEmail: boolean): RawBuilder<unknown> {
  const phrase = ftsPhrase(text);
  return sql`select rowid from users_search where users_search match ${searchEmail ? phrase : `{name} : ${phrase}`}`;
}

/**
 * A list's total read from the maintained counters when its filters are ones they keep (scope, visibility,
 * category); undefined when the filters need a count over the matching rows (text filters, several at once).
 */
async function totalFromCounters(
  db: Executor,
  scope: FileScope,
  p: FileListParams,
): Promise<number | undefined> {
  if (p.q || p.uploader || p.id || p.type || p.userId) return undefined;
  if (p.folderId !== undefined)
    return scope.kind === 'owner' ? countInFolder(db, scope.ownerId, p) : undefined;
  if (scope.kind === 'owner') {
    if (p.category) return undefined; // an owner's files are few and indexed: counted directly
    const row = await ownerTotalsRow(db, scope.ownerId);
    const files = Number(row?.files ?? 0);
    const pub = Number(row?.public_files ?? 0);
    return p.visibility === 'public' ? pub : p.visibility === 'private' ? files - pub : files;
  }
  const visibility =
    scope.kind === 'public' ? (p.visibility === 'private' ? 'none' : 'public') : p.visibility;
  if (visibility === 'none') return 0;
  const t = await instanceTotals(db);
  if (p.category) {
    const all = t[CATEGORY_COLUMNS[p.category]];
    const pub = t[`public_${CATEGORY_COLUMNS[p.category]}`];
    return visibility === 'public' ? pub : visibility === 'private' ? all - pub : all;
  }
  return visibility === 'public'
    ? t.public_files
    : visibility === 'private'
      ? t.files - t.public_files
      : t.files;
}

/**
 * The files of one folder, counted on the folder's own index (owner, folder, ...) without the listing's joins:
 * the maintained counters keep whole accounts only, and the joins would be read for each of a large folder's rows.
 */
async function countInFolder(db: Executor, ownerId: string, p: FileListParams): Promise<number> {
  let query = db
    .selectFrom('files')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('owner_id', '=', ownerId)
    .where((eb) => (p.folderId ? eb('folder_id', '=', p.folderId) : eb('folder_id', 'is', null)));
  if (p.visibility) query = query.where('is_public', '=', p.visibility === 'public' ? 1 : 0);
  if (p.category) query = query.where('category', '=', p.category);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

/**
 * One keyset page of files in the scope, filtered and sorted, with the total that match. The cursor is the
 * last row's (sort value, id), so deep pages cost the same as the first one.
 */
export async function listFiles(
  db: Executor,
  scope: FileScope,
  p: FileListParams,
  opts: {
    searchEmail: boolean;
    countLimit: number;
    /** Below this many file names containing `q`, a search goes through the indexes (tests vary it). */
    rareBelow?: number;
  },
) {
  const [byIndex, uploaders] = await Promise.all([
    searchByIndex(db, p.q, opts.rareBelow ?? NARROW_SEARCH_FILES),
    p.q !== undefined && anyUploaderMatches(db, p.q, opts.searchEmail),
  ]);
  const text = searchesText(p);
  const filtered = (offIndexes: boolean, params = p, from = selectWithOwner(db) as unknown as FilesQuery) =>
    applyFilters(
      from,
      scope,
      params,
      {
        email: opts.searchEmail,
        byIndex,
        offIndexes: offIndexes && !isPostgres(db),
        uploaders,
      },
      db,
    );
  // SQLite keeps no statistics here and takes the visibility or category index whenever it can. For an indexed
  // search that means walking every public file and testing each against the few candidates; for a count of the
  // first matches, reading in the order of that index's file names, so that a word late in the alphabet is
  // reached after most files (q=report at 1M files: 255 ms to find 1001). The unary + keeps those conditions off
  // their indexes: the candidates are looked up, and a count reads files in stored order, which no text follows.
  const base = filtered(byIndex);
  const counted = await totalFromCounters(db, scope, p);
  const { total, totalCapped } =
    counted !== undefined
      ? { total: counted, totalCapped: false }
      : p.q !== undefined && !byIndex && indexable(p.q) && !isPostgres(db)
        ? // The other filters alone: this count finds the text's matches its own way.
          await countCommonText(db, filtered(true, { ...p, q: undefined }), p.q, { ...opts, uploaders })
        : await countMatches(
            db,
            filtered(byIndex || text, p, countFrom(db, Boolean(p.uploader) || uploaders)),
            text ? opts.countLimit : undefined,
          );

  const direction = p.order === 'asc' ? sql`>` : sql`<`;
  let page = base;
  const after = decodeCursor(p.cursor, p.sort === 'size' || p.sort === 'downloadCount' ? 'integer' : 'text');
  const { keys, values } = sortKeys(db, p.sort, after);
  if (after) {
    page = page.where(sql<boolean>`(${sql.join(keys)}) ${direction} (${sql.join(values)})`);
    // The same bound on the first key alone, implied by the row comparison: SQLite seeks an index on a plain
    // comparison of its first column, not inside a row value.
    const bound = p.order === 'asc' ? sql`>=` : sql`<=`;
    page = page.where(sql<boolean>`${keys[0]} ${bound} ${values[0]}`);
  }
  for (const key of keys) page = page.orderBy(key, p.order);
  const rows = (await page.limit(p.limit + 1).execute()) as unknown as FileWithOwner[];

  const items = rows.slice(0, p.limit);
  const last = items.at(-1);
  const sortValue = (row: FileWithOwner): string | number =>
    ({
      filename: row.filename,
      uploader: row.owner_name ?? '',
      size: row.size,
      downloadCount: row.download_count,
      createdAt: row.created_at,
    })[p.sort];
  const nextCursor = rows.length > p.limit && last ? encodeCursor(sortValue(last), last.id) : null;
  return { items, total, totalCapped, nextCursor };
}

/**
 * The rows a count reads. On PostgreSQL, files and their owners only when a condition tests the owner's name:
 * then the index of public file names, whose entries hold the lowercased name, answers a count by file name by
 * itself (the first 1001 public matches of q=report at 1M files: 4.7 ms, against 11 ms reading the rows, whose
 * pages are mostly outside shared buffers). The listing's joins, though removed by the planner, still kept it
 * off that index. SQLite keeps them on purpose: without them it reads that index in name order, where a text's
 * matches cluster (q=ep at 1M files: 30 ms, against 5.6 ms reading the rows in stored order).
 */
function countFrom(db: Executor, withOwner: boolean): FilesQuery {
  if (!isPostgres(db)) return selectWithOwner(db) as unknown as FilesQuery;
  const files = db.selectFrom('files');
  return (withOwner ? files.leftJoin('users', 'users.id', 'files.owner_id') : files) as unknown as FilesQuery;
}

/**
 * SQLite: the matches of a common text counted up to the limit through the FTS5 table, which hands file names
 * containing it over one at a time, instead of reading files until enough match (q=report at 1M files: 1.2 ms
 * against 6.8 ms for the first 1001). Those by name and those of matching uploaders are counted apart, each up to
 * the limit, then together.
 */
async function countCommonText(
  db: Executor,
  others: FilesQuery,
  text: string,
  opts: { searchEmail: boolean; countLimit: number; uploaders: boolean },
) {
  const limit = opts.countLimit + 1;
  const rowids = (query: FilesQuery) =>
    query
      .clearSelect()
      .select(sql<number>`files.rowid`.as('r'))
      .limit(limit);
  const byName = rowids(
    others
      .innerJoin(sql`files_search`.as('files_search'), (join) =>
        join.on(sql<boolean>`files_search.rowid = files.rowid`),
      )
      .where(sql<boolean>`files_search match ${ftsPhrase(text)}`)
      .where(contains('files.filename', text)) as unknown as FilesQuery,
  );
  const byUploader = rowids(
    others.where('files.owner_id', 'in', uploadersMatching(db, text, opts.searchEmail)),
  );
  const matches = opts.uploaders
    ? sql`select r from (${byName}) union select r from (${byUploader}) limit ${limit}`
    : byName;
  const { rows } = await sql<{ n: number }>`select count(*) as n from (${matches}) m`.execute(db);
  return cappedTotal(Number(rows[0]?.n ?? 0), opts.countLimit);
}

/** A count taken up to `limit` + 1 rows, as the answer gives it: more than the limit says "at least". */
function cappedTotal(count: number, limit: number | undefined) {
  return limit !== undefined && count > limit
    ? { total: limit, totalCapped: true }
    : { total: count, totalCapped: false };
}

/** Filters that look for text inside a column: how many files match can only be told by reading them. */
const searchesText = (p: FileListParams) => Boolean(p.q || p.uploader || p.id || p.type);

/**
 * How many rows the filtered query matches, counting at most `limit` of them when a limit is given. A common
 * search word matches a fixed share of all files, so an exact count grows with the instance whatever the index
 * (`q=report`: 286 matches at 10k files, 29,036 at 1M); counted up to the limit, it costs what reading the
 * limit's worth of matches costs, and the answer says it stopped (meta.totalCapped).
 */
async function countMatches(db: Executor, base: FilesQuery, limit: number | undefined) {
  const matches = base.clearSelect().select(sql<number>`1`.as('one'));
  const { n } = await db
    .selectFrom((limit === undefined ? matches : matches.limit(limit + 1)).as('matches'))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return cappedTotal(Number(n), limit);
}

/** Any one file holding the blob, so the statistics can link to it. */
export function anyFileOfBlob(db: Executor, hash: string) {
  return db
    .selectFrom('files')
    .select(['id', 'filename'])
    .where('blob_hash', '=', hash)
    .limit(1)
    .executeTakeFirst();
}

/** A batch of the account's file ids, for removal one by one through the reference-counted path. */
export async function fileIdsOfOwner(db: Executor, ownerId: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('files')
    .select('id')
    .where('owner_id', '=', ownerId)
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/** What a file's bytes are now, as a replacement of them sees them. */
export interface FileBytes {
  id: string;
  owner_id: string;
  blob_hash: string;
  size: number;
  mimetype: string;
  category: string;
}

/**
 * A file's current bytes, read while taking its row's write lock until the transaction ends (a no-op update:
 * PostgreSQL locks the row, SQLite takes its write lock), so two replacements of one file follow each other.
 */
export function lockFileBytes(db: Executor, id: string): Promise<FileBytes | undefined> {
  return db
    .updateTable('files')
    .set((eb) => ({ blob_hash: eb.ref('blob_hash') }))
    .where('id', '=', id)
    .returning(['id', 'owner_id', 'blob_hash', 'size', 'mimetype', 'category'])
    .executeTakeFirst();
}

/**
 * Points a file at other bytes: its size, type and category follow them, and its updatedAt moves. Its
 * thumbnail job goes with the old bytes (a file shows a thumbnail only once its own job is over), so that the
 * caller can queue one for the new bytes.
 */
export async function setFileBytes(
  db: Executor,
  id: string,
  bytes: Pick<FileRow, 'blob_hash' | 'size' | 'mimetype' | 'category' | 'client_mtime'>,
  now: string,
): Promise<void> {
  await db
    .updateTable('files')
    .set({ ...bytes, updated_at: now })
    .where('id', '=', id)
    .execute();
  await deleteJob(db, FILE_THUMBNAIL_JOB, id);
}

/** A WebDAV rename or move: the exact name it now has, and optionally another folder. */
export async function renameFileExact(
  db: Executor,
  id: string,
  change: { filename: string; folder_id?: string | null },
  now: string,
): Promise<void> {
  await db
    .updateTable('files')
    .set({ ...change, filename_key: nameSortKey(change.filename), exact_name: 1, updated_at: now })
    .where('id', '=', id)
    .execute();
}

export async function setClientMtime(db: Executor, id: string, mtime: string): Promise<void> {
  await db.updateTable('files').set({ client_mtime: mtime }).where('id', '=', id).execute();
}

/** What packing a file into a zip needs of it. */
export type PackedFile = Pick<
  FileRow,
  | 'id'
  | 'owner_id'
  | 'filename'
  | 'mimetype'
  | 'size'
  | 'blob_hash'
  | 'created_at'
  | 'updated_at'
  | 'folder_id'
  | 'is_public'
  | 'exact_name'
>;

const packedColumns = [
  'id',
  'owner_id',
  'filename',
  'mimetype',
  'size',
  'blob_hash',
  'created_at',
  'updated_at',
  'folder_id',
  'is_public',
  'exact_name',
] as const;

/** Every file directly in the folder, oldest first (the order ` (2)` suffixes follow). */
export function filesInFolder(db: Executor, folderId: string): Promise<PackedFile[]> {
  return db
    .selectFrom('files')
    .select(packedColumns)
    .where('folder_id', '=', folderId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** The files that came through an upload link, newest first. */
export function filesThroughRequest(db: Executor, requestId: string) {
  return db
    .selectFrom('files')
    .select(['id', 'filename', 'size', 'upload_note', 'created_at'])
    .where('request_id', '=', requestId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(10_000)
    .execute();
}

/** Whether the owner has a file of this name (ignoring case) in the folder (null: the top). */
export async function hasFileNamed(
  db: Executor,
  ownerId: string,
  folderId: string | null,
  filename: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('files')
    .select('id')
    .where('owner_id', '=', ownerId)
    .where(folderId === null ? sql<boolean>`folder_id is null` : sql<boolean>`folder_id = ${folderId}`)
    .where('filename_key', '=', nameSortKey(filename))
    .where(sql<boolean>`lower(filename) = ${filename.toLowerCase()}`)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The ids of every file in these folders (not below them). */
export async function fileIdsInFolders(db: Executor, folderIds: string[]): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < folderIds.length; i += 500) {
    const rows = await db
      .selectFrom('files')
      .select('id')
      .where('folder_id', 'in', folderIds.slice(i, i + 500))
      .execute();
    ids.push(...rows.map((r) => r.id));
  }
  return ids;
}

/** The files among these ids, oldest first. */
export async function filesByIds(db: Executor, ids: string[]): Promise<PackedFile[]> {
  const found: PackedFile[] = [];
  for (let i = 0; i < ids.length; i += 500) {
    found.push(
      ...(await db
        .selectFrom('files')
        .select(packedColumns)
        .where('id', 'in', ids.slice(i, i + 500))
        .execute()),
    );
  }
  return found.sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id));
}

/** Moves files to a folder (null: the top) in one statement. */
export async function moveFileRows(db: Executor, ids: string[], folderId: string | null, now: string) {
  for (let i = 0; i < ids.length; i += 500)
    await db
      .updateTable('files')
      .set({ folder_id: folderId, updated_at: now })
      .where('id', 'in', ids.slice(i, i + 500))
      .execute();
}
