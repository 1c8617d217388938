import { DAV_MESSAGES } from '@cloudstash/contract';
import type { Executor } from '../../db/executor';
import { requireFileAccess, requireFolderAccess } from '../access-policy';
import type { Viewer } from '../sessions';
import { DavError } from './errors';
import type { DavResource } from './tree';

/**
 * Whose tree `resource` is in, once the access policy lets the viewer write it; 403 otherwise, as for a PUT.
 * Storing a dead property and taking a lock are writes: a lock stops everyone else's changes, so a viewer who
 * may only read must not be able to take one.
 */
export async function writableTreeOwner(
  db: Executor,
  viewer: Viewer,
  resource: DavResource,
): Promise<string> {
  if (resource.kind === 'file')
    return (await requireFileAccess(db, viewer, resource.row.id, 'write')).owner_id;
  if (resource.id === null) {
    if (resource.sharedWithMe || resource.ownerId !== viewer.id)
      throw new DavError(403, DAV_MESSAGES.notAllowed);
    return viewer.id;
  }
  const folder = await requireFolderAccess(db, viewer, resource.id, 'write').catch(() => {
    throw new DavError(403, DAV_MESSAGES.notAllowed);
  });
  return folder.owner_id;
}
