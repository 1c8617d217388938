import fsp from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { DAV_MESSAGES, MESSAGES, fileTooLargeMessage } from '@cloudstash/contract';
import { AppError } from '../../errors';
import { DavError } from '../../services/dav/errors';
import type { LockTarget } from '../../services/dav/locks';
import { resourceKey, type DavFolder, type DavResource } from '../../services/dav/tree';
import { ingestToTempFile, newTempPath, UploadSourceError, UploadTooLargeError } from '../../upload/ingest';
import { assertConditions, etagOf, type DavRequest } from './context';
import { destinationSegments } from './paths';
import { readXmlBody } from './xml';

/** `X-OC-Mtime` (ownCloud clients, rclone): seconds since the epoch, as the ISO time kept on the file. */
function clientMtime(header: string | string[] | undefined): string | undefined {
  const seconds = Number(Array.isArray(header) ? header[0] : header);
  if (!Number.isFinite(seconds) || seconds <= 0) return undefined;
  const at = new Date(seconds * 1000);
  return Number.isNaN(at.getTime()) ? undefined : at.toISOString();
}

/**
 * Streams `source` through the one upload path (size limit, SHA-256, fsync: upload/ingest.ts) and writes the
 * file by name: a new file (Files.writeNamed), or new bytes for the one there, whose previous bytes become a
 * version as any replacement's do (FileVersions.replaceNamed). The type rule and the quota apply to both;
 * nothing is left behind when either is refused.
 */
async function writeFile(dav: DavRequest, source: Readable, mtime: string | undefined) {
  const { services, viewer, target } = dav;
  const { config } = services;
  const existing = target.resource?.kind === 'file' ? target.resource.row : undefined;
  const tempPath = newTempPath(config.tmpDir);
  try {
    const bytes = await ingestToTempFile(source, tempPath, config.maxUploadBytes, services.uploadHooks).catch(
      (error: unknown) => {
        if (error instanceof UploadTooLargeError)
          throw new AppError('PAYLOAD_TOO_LARGE', fileTooLargeMessage(error.size, config.maxUploadBytes));
        if (error instanceof UploadSourceError)
          throw new AppError('VALIDATION_FAILED', MESSAGES.malformedUpload);
        throw error;
      },
    );
    const file = { ...bytes, source: { kind: 'file', path: tempPath } as const, originalName: target.name };
    if (existing) {
      await services.fileVersions.replaceNamed(viewer, existing.id, file, mtime ?? null);
      return { id: existing.id, created: false, blobHash: bytes.hash };
    }
    const written = await services.files.writeNamed(
      viewer,
      { name: target.name, folderId: target.parent!.id, clientMtime: mtime },
      file,
    );
    return { ...written, created: true };
  } finally {
    await fsp.rm(tempPath, { force: true });
  }
}

/** An empty file at the request's path (a LOCK on an unmapped name). */
export async function writeEmptyFile(dav: DavRequest): Promise<void> {
  await writeFile(dav, Readable.from([]), undefined);
}

/** PUT: a new file, or new bytes for the file at that name (same id, links and counts). */
export async function put(dav: DavRequest, reply: FastifyReply) {
  const { services, viewer, target, request } = dav;
  if (target.resource?.kind === 'folder') throw new DavError(405, DAV_MESSAGES.notAllowed);
  if (!target.parent) throw new DavError(409, DAV_MESSAGES.noParent);
  await assertConditions(dav, [{ at: target, withBelow: false }]);
  const declared = Number(request.headers['content-length']);
  const { maxUploadBytes } = services.config;
  if (declared > maxUploadBytes)
    throw new AppError('PAYLOAD_TOO_LARGE', fileTooLargeMessage(declared, maxUploadBytes));
  const replacing = target.resource?.kind === 'file' ? target.resource.row.size : 0;
  if (Number.isFinite(declared))
    await services.files.assertRoomFor(viewer, Math.max(0, declared - replacing));
  const mtime = clientMtime(request.headers['x-oc-mtime']);
  const written = await writeFile(dav, request.raw, mtime);
  if (mtime) void reply.header('x-oc-mtime', 'accepted');
  return reply
    .status(written.created ? 201 : 204)
    .header('etag', etagOf({ kind: 'file', row: { blob_hash: written.blobHash } } as DavResource))
    .header('oc-fileid', written.id)
    .send();
}

/**
 * Removes `resource` and its locks. Its dead properties, and those of everything below it, go with the rows
 * (into the trash with them when the instance keeps one, so a restore brings them back).
 */
async function removeResource(dav: DavRequest, resource: DavResource): Promise<void> {
  await dav.services.dav.locks.endLocksAfter(resource, () =>
    dav.services.dav.tree.remove(dav.viewer, resource),
  );
}

/** DELETE: a file, or a folder with everything in it, through the deletes the API uses. */
export async function remove(dav: DavRequest, reply: FastifyReply) {
  const resource = dav.target.resource;
  if (!resource) throw new DavError(404, DAV_MESSAGES.notFound);
  if (resource.kind === 'folder' && resource.id === null) throw new DavError(403, DAV_MESSAGES.notAllowed);
  await assertConditions(dav, [{ at: dav.target, withBelow: resource.kind === 'folder' }]);
  await removeResource(dav, resource);
  return reply.status(204).send();
}

/** MKCOL: a new folder; 405 when something is there, 409 without a parent, 415 with a body. */
export async function mkcol(dav: DavRequest, reply: FastifyReply) {
  const { target } = dav;
  if ((await readXmlBody(dav.request.raw)).length) throw new DavError(415, DAV_MESSAGES.bodyNotAllowed);
  if (target.resource) throw new DavError(405, DAV_MESSAGES.exists);
  if (!target.parent) throw new DavError(409, DAV_MESSAGES.noParent);
  await assertConditions(dav, [{ at: target, withBelow: false }]);
  await dav.services.dav.tree.makeFolder(dav.viewer, target.parent, target.name);
  return reply.status(201).send();
}

/** COPY and MOVE (RFC 4918 sections 9.8 and 9.9), with Depth and Overwrite. */
export async function copyOrMove(dav: DavRequest, reply: FastifyReply, kind: 'COPY' | 'MOVE') {
  const { services, viewer, target, request } = dav;
  const source = target.resource;
  if (!source) throw new DavError(404, DAV_MESSAGES.notFound);
  if (source.kind === 'folder' && source.id === null) throw new DavError(403, DAV_MESSAGES.notAllowed);
  const depth = String(request.headers.depth ?? 'infinity').toLowerCase();
  if (depth !== 'infinity' && (kind === 'MOVE' || depth !== '0'))
    throw new DavError(400, DAV_MESSAGES.badDepth);
  const dest = await services.dav.tree.resolve(
    viewer,
    destinationSegments(request.headers.destination as string),
  );
  if (dest.path === source.path) throw new DavError(403, DAV_MESSAGES.sameSource);
  if (source.kind === 'folder' && dest.path.startsWith(`${source.path}/`))
    throw new DavError(403, DAV_MESSAGES.intoItself);
  if (!dest.parent) throw new DavError(409, DAV_MESSAGES.noParent);
  const overwrite = String(request.headers.overwrite ?? 'T').toUpperCase() !== 'F';
  if (dest.resource && !overwrite) throw new DavError(412, DAV_MESSAGES.exists);
  const targets = [{ at: dest as LockTarget, withBelow: true }];
  if (kind === 'MOVE') targets.push({ at: target, withBelow: true });
  await assertConditions(dav, targets);
  if (dest.resource) await removeResource(dav, dest.resource);
  const parent: DavFolder = dest.parent;
  if (kind === 'MOVE') {
    await services.dav.locks.endLocksAfter(source, () =>
      services.dav.tree.move(viewer, source, parent, dest.name),
    );
  } else {
    const copied = await services.dav.tree.copy(viewer, source, parent, dest.name, depth === 'infinity');
    await services.dav.properties.copy(resourceKey(source), copied, parent.ownerId);
  }
  return reply.status(dest.resource ? 204 : 201).send();
}
