import type { FileUploader, StorageStats, StoredFile, User } from '@cloudstash/contract';
import { API_BASE, savedFilename } from '@cloudstash/contract';
import type { TotalColumn } from '../repositories/file-totals';
import type { FileWithOwner } from '../repositories/files';
import type { UserRecord } from '../repositories/users';

/** The only shape a user leaves the server in: never a password hash. */
export function presentUser(row: UserRecord): User {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    disabled: row.disabled === 1,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export const contentUrl = (fileId: string) => `${API_BASE}/files/f/${fileId}/content`;
export const thumbnailUrl = (fileId: string) => `${API_BASE}/files/f/${fileId}/thumbnail`;

/**
 * Who put the file here: an account (through the web app or a client's token) or an upload link's visitor.
 * The public learns an account's name only, as it does the owner's: not a visitor's name, which only the owner
 * was given, nor the name of the device or app a token stands for.
 */
function presentUploader(row: FileWithOwner, audience: 'public' | 'private'): FileUploader | null {
  if (row.request_id) {
    return row.uploader_name && audience === 'private'
      ? { _id: null, name: row.uploader_name, via: 'link' }
      : null;
  }
  if (!row.uploader_id) return null;
  const name = row.uploader_account_name ?? 'Unknown User';
  if (!row.upload_client) return { _id: row.uploader_id, name, via: 'app' };
  return {
    _id: row.uploader_id,
    name,
    via: 'client',
    ...(audience === 'private' && { client: row.upload_client }),
  };
}

/**
 * The only shape a file leaves the server in: never a blob hash or storage path. `audience` decides how much
 * of the uploader is shown: the public sees a name, the owner and admins also the email and role.
 */
export function presentFile(
  row: FileWithOwner,
  audience: 'public' | 'private',
): Omit<StoredFile, 'permissions'> {
  const uploadedBy =
    row.owner_name === null
      ? null
      : audience === 'public'
        ? { _id: row.owner_id, name: row.owner_name }
        : { _id: row.owner_id, name: row.owner_name, email: row.owner_email!, role: row.owner_role! };
  return {
    _id: row.id,
    filename: row.filename,
    downloadName: savedFilename(row.filename, row.mimetype, row.exact_name === 1),
    mimetype: row.mimetype,
    size: row.size,
    isPublic: row.is_public === 1,
    downloadCount: row.download_count,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    url: contentUrl(row.id),
    thumbnailUrl: row.has_thumbnail ? thumbnailUrl(row.id) : null,
    thumbnailPending: row.thumbnail_pending === 1,
    uploadedBy,
    uploader: presentUploader(row, audience),
    folderId: row.folder_id ?? null,
    ...(row.client_mtime && { modifiedAt: row.client_mtime }),
    ...(audience === 'private' && row.upload_note && { uploadNote: row.upload_note }),
  };
}

type InstanceTotals = Record<TotalColumn, number>;

/** Kept versions and their bytes, said only when there are some (lists of figures stay as they were without). */
function versionFigures(versions: number, versionBytes: number) {
  return versions > 0 ? { totalVersions: versions, versionBytes } : {};
}

/**
 * A user's own totals; each user is charged the full size of their files and of their files' kept versions,
 * shared bytes or not.
 */
export function presentOwnerTotals(
  row:
    | {
        files: number;
        size: number;
        public_files: number;
        downloads: number;
        versions: number;
        version_size: number;
      }
    | undefined,
  trashBytes = 0,
) {
  const versionBytes = Number(row?.version_size ?? 0);
  return {
    totalFiles: Number(row?.files ?? 0),
    totalStorageUsed: Number(row?.size ?? 0) + versionBytes + trashBytes,
    totalPublicFiles: Number(row?.public_files ?? 0),
    totalDownloadCount: Number(row?.downloads ?? 0),
    ...versionFigures(Number(row?.versions ?? 0), versionBytes),
    ...(trashBytes > 0 && { trashBytes }),
  };
}

export function presentPublicSummary(t: InstanceTotals) {
  return {
    totalFiles: t.public_files,
    images: t.public_images,
    videos: t.public_videos,
    documents: t.public_documents,
    others: t.public_others,
    totalSize: t.public_size,
    downloads: t.public_downloads,
    contributors: t.contributors,
  };
}

export function presentAllFilesSummary(t: InstanceTotals) {
  return {
    totalFiles: t.files,
    publicFiles: t.public_files,
    privateFiles: t.files - t.public_files,
    totalSize: t.size,
    downloads: t.downloads,
    activeUsers: t.active_owners,
  };
}

/**
 * Logical = what users uploaded (files, their kept versions and what lies in trash), physical = what is stored
 * once.
 */
export function presentStorage(figures: {
  logical: InstanceTotals;
  physical: { uniqueFilesStored: number; totalPhysicalSize: number };
  thumbnailBytes: number;
  trashBytes: number;
  totalUsers: number;
  shared: { hash: string; ref_count: number } | undefined;
  sharedFile: { id: string; filename: string } | undefined;
  top: { id: string; name: string; uploads: number } | undefined;
}): StorageStats {
  const { logical, physical, thumbnailBytes, trashBytes, totalUsers, shared, sharedFile, top } = figures;
  const logicalSize = logical.size + logical.version_size + trashBytes;
  return {
    totalLogicalSize: logicalSize,
    totalPhysicalSize: physical.totalPhysicalSize,
    storageSaved: logicalSize - physical.totalPhysicalSize,
    thumbnailBytes,
    ...versionFigures(logical.versions, logical.version_size),
    ...(trashBytes > 0 && { trashBytes }),
    totalFilesUploaded: logical.files,
    uniqueFilesStored: physical.uniqueFilesStored,
    totalUsers,
    mostDuplicatedFile:
      shared && sharedFile
        ? {
            publicId: shared.hash,
            sha256: shared.hash,
            fileId: sharedFile.id,
            filename: sharedFile.filename,
            count: Number(shared.ref_count),
            url: contentUrl(sharedFile.id),
          }
        : null,
    topUploader: top ? { userId: top.id, name: top.name, uploads: Number(top.uploads) } : null,
  };
}
