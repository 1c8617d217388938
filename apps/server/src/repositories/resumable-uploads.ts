import type { Insertable, Selectable } from 'kysely';
import type { Executor } from '../db/executor';
import type { ResumableUploadsTable } from '../db/schema';

export type ResumableUploadRow = Selectable<ResumableUploadsTable>;

/** The columns that say where an upload's pieces are on an S3 store (see ResumableUploadsTable). */
export type PieceColumns = Pick<ResumableUploadRow, 's3_parts' | 'tail_bytes' | 'head_bytes'>;

/** What removing an upload's pieces needs to know of it. */
export type UploadPiecesRef = Pick<ResumableUploadRow, 'id' | 'offset' | 's3_upload_id'>;

export async function insertResumableUpload(
  db: Executor,
  row: Insertable<ResumableUploadsTable>,
): Promise<void> {
  await db.insertInto('resumable_uploads').values(row).execute();
}

/** The upload when it exists, belongs to `ownerId` and has not expired by `now`. */
export function findLiveUpload(
  db: Executor,
  id: string,
  ownerId: string,
  now: string,
): Promise<ResumableUploadRow | undefined> {
  return db
    .selectFrom('resumable_uploads')
    .selectAll()
    .where('id', '=', id)
    .where('owner_id', '=', ownerId)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/**
 * Moves the offset from `from` to `to` and sets the expiry, with the pieces that now hold the bytes
 * on S3; false when another request moved it first, so two writers of one upload cannot both claim the same
 * range.
 */
export async function advanceOffset(
  db: Executor,
  id: string,
  change: { from: number; to: number; expiresAt: string; pieces?: Partial<PieceColumns> },
): Promise<boolean> {
  const result = await db
    .updateTable('resumable_uploads')
    .set({ ...change.pieces, offset: change.to, expires_at: change.expiresAt })
    .where('id', '=', id)
    .where('offset', '=', change.from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * How many of `ownerId`'s own uploads are live at `now`, and the bytes they declared together. Uploads through
 * an upload link are the link's, counted by inFlightOfRequest: visitors never fill the owner's place.
 */
export async function inFlightOf(
  db: Executor,
  ownerId: string,
  now: string,
): Promise<{ count: number; bytes: number }> {
  const row = await db
    .selectFrom('resumable_uploads')
    .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.sum<number | null>('length').as('bytes')])
    .where('owner_id', '=', ownerId)
    .where('request_id', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return { count: Number(row?.count ?? 0), bytes: Number(row?.bytes ?? 0) };
}

/** The uploads in flight through one upload link: how many, and the bytes they declared. */
export async function inFlightOfRequest(
  db: Executor,
  requestId: string,
  now: string,
): Promise<{ count: number; bytes: number }> {
  const row = await db
    .selectFrom('resumable_uploads')
    .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.sum<number | null>('length').as('bytes')])
    .where('request_id', '=', requestId)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return { count: Number(row?.count ?? 0), bytes: Number(row?.bytes ?? 0) };
}

/** Every upload made through one upload link, expired or not (the link is being closed). */
export function uploadsOfRequest(db: Executor, requestId: string): Promise<UploadPiecesRef[]> {
  return db
    .selectFrom('resumable_uploads')
    .select(['id', 'offset', 's3_upload_id'])
    .where('request_id', '=', requestId)
    .execute();
}

/** Every upload of `ownerId`, expired or not (an account being removed). */
export function uploadsOf(db: Executor, ownerId: string): Promise<UploadPiecesRef[]> {
  return db
    .selectFrom('resumable_uploads')
    .select(['id', 'offset', 's3_upload_id'])
    .where('owner_id', '=', ownerId)
    .execute();
}

export async function markTypeChecked(db: Executor, id: string): Promise<void> {
  await db.updateTable('resumable_uploads').set({ type_checked: 1 }).where('id', '=', id).execute();
}

export async function deleteResumableUpload(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('resumable_uploads').where('id', '=', id).execute();
}

/** Uploads that ended: past their expiry, or made through an upload link that was closed or has expired. */
export function expiredUploads(db: Executor, now: string, limit: number): Promise<UploadPiecesRef[]> {
  return db
    .selectFrom('resumable_uploads')
    .select(['id', 'offset', 's3_upload_id'])
    .where((eb) =>
      eb.or([
        eb('expires_at', '<=', now),
        eb(
          'request_id',
          'in',
          eb
            .selectFrom('links')
            .select('links.id')
            .where((l) => l.or([l('revoked_at', 'is not', null), l('links.expires_at', '<=', now)])),
        ),
      ]),
    )
    .orderBy('expires_at')
    .limit(limit)
    .execute();
}

export function allUploads(db: Executor): Promise<UploadPiecesRef[]> {
  return db.selectFrom('resumable_uploads').select(['id', 'offset', 's3_upload_id']).execute();
}
