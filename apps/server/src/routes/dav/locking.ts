import type { FastifyReply } from 'fastify';
import { DAV_MESSAGES } from '@cloudstash/contract';
import { DavError } from '../../services/dav/errors';
import { lockTimeout, type DavLockRow } from '../../services/dav/locks';
import type { Resolved } from '../../services/dav/tree';
import { assertIfHolds, type DavRequest } from './context';
import { lockRoots } from './lock-roots';
import { activeLock } from './properties';
import { writeEmptyFile } from './writes';
import { XML_HEAD, childElements, isDav, parseXml, readXmlBody, serialize } from './xml';

function lockAnswer(lock: DavLockRow, at: Resolved): string {
  const rootHref = lockRoots(at.chain, at.resource!)(lock);
  return `${XML_HEAD}<d:prop xmlns:d="DAV:"><d:lockdiscovery>${activeLock({ lock, rootHref })}</d:lockdiscovery></d:prop>\n`;
}

/**
 * LOCK (RFC 4918 section 9.10): a new exclusive or shared write lock, or with no body the refresh of a lock
 * whose token the If header submits. A lock on a name where nothing exists creates an empty file there.
 */
export async function lock(dav: DavRequest, reply: FastifyReply) {
  const { services, viewer, target } = dav;
  const timeout = lockTimeout(dav.request.headers.timeout as string | undefined);
  const body = await readXmlBody(dav.request.raw);
  if (!body.trim()) {
    if (!target.resource) throw new DavError(404, DAV_MESSAGES.notFound);
    await assertIfHolds(dav);
    const refreshed = await services.dav.locks.refresh(viewer, target, dav.tokens, timeout);
    return reply
      .status(200)
      .header('content-type', 'application/xml; charset=utf-8')
      .send(lockAnswer(refreshed, target));
  }
  const depthHeader = String(dav.request.headers.depth ?? 'infinity').toLowerCase();
  if (depthHeader !== '0' && depthHeader !== 'infinity') throw new DavError(400, DAV_MESSAGES.badDepth);
  const info = parseXml(body);
  if (!isDav(info, 'lockinfo')) throw new DavError(400, DAV_MESSAGES.badXml);
  const scopeEl = childElements(info, 'DAV:', 'lockscope')[0];
  const scope = scopeEl && childElements(scopeEl, 'DAV:', 'shared').length ? 'shared' : 'exclusive';
  if (!scopeEl || !childElements(info, 'DAV:', 'locktype').length)
    throw new DavError(400, DAV_MESSAGES.badXml);
  const ownerEl = childElements(info, 'DAV:', 'owner')[0];
  let ownerXml = '';
  for (let node = ownerEl?.firstChild; node; node = node.nextSibling) {
    ownerXml += node.nodeType === 1 ? serialize(node as never) : escapeText(node.nodeValue ?? '');
  }
  await assertIfHolds(dav);
  const request = {
    scope,
    depth: depthHeader === '0' ? '0' : 'infinity',
    ownerXml,
    timeoutSeconds: timeout,
  } as const;
  let at = target;
  if (!at.resource) {
    // RFC 4918 section 7.3: a lock on an unmapped name makes an empty resource there, locked. Whatever would
    // refuse the lock refuses it before the file is made.
    if (!at.parent) throw new DavError(409, DAV_MESSAGES.noParent);
    await services.dav.locks.assertUnlocked(viewer, [{ at, withBelow: false }], dav.tokens);
    await services.dav.locks.assertCanLock(at, request);
    await writeEmptyFile(dav);
    at = await services.dav.tree.resolve(viewer, dav.segments);
    if (!at.resource) throw new DavError(409, DAV_MESSAGES.noParent);
  }
  const held = await services.dav.locks.lock(viewer, at.resource!, request);
  return reply
    .status(at === target ? 200 : 201)
    .header('lock-token', `<${held.token}>`)
    .header('content-type', 'application/xml; charset=utf-8')
    .send(lockAnswer(held, at));
}

/** UNLOCK: removes the lock named by the Lock-Token header, if it applies to the request's resource. */
export async function unlock(dav: DavRequest, reply: FastifyReply) {
  const header = String(dav.request.headers['lock-token'] ?? '').trim();
  const match = /^<(.+)>$/.exec(header);
  if (!match) throw new DavError(400, DAV_MESSAGES.lockTokenMismatch);
  await dav.services.dav.locks.unlock(dav.viewer, dav.target, match[1]!);
  return reply.status(204).send();
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
