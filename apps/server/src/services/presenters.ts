import type { StoredFile, User } from '@cloudstash/contract';
import { API_BASE } from '@cloudstash/contract';
import type { FileWithOwner } from '../repositories/files';
import type { UserRecord } from '../repositories/users';

/** The only shape a user leaves the server in: never a password hash. */
export function presentUser(row: UserRecord): User {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export const contentUrl = (fileId: string) => `${API_BASE}/files/f/${fileId}/content`;
export const thumbnailUrl = (fileId: string) => `${API_BASE}/files/f/${fileId}/thumbnail`;

/**
 * The only shape a file leaves the server in: never a blob hash or storage path. `audience` decides how much
 * of the uploader is shown: the public sees a name, the owner and admins also the email and role.
 */
export function presentFile(row: FileWithOwner, audience: 'public' | 'private'): StoredFile {
  const uploadedBy =
    row.owner_name === null
      ? null
      : audience === 'public'
        ? { _id: row.owner_id, name: row.owner_name }
        : { _id: row.owner_id, name: row.owner_name, email: row.owner_email!, role: row.owner_role! };
  return {
    _id: row.id,
    filename: row.filename,
    mimetype: row.mimetype,
    size: row.size,
    isPublic: row.is_public === 1,
    downloadCount: row.download_count,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    url: contentUrl(row.id),
    thumbnailUrl: row.has_thumbnail ? thumbnailUrl(row.id) : null,
    uploadedBy,
  };
}
