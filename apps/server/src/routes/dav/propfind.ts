import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { DAV_MESSAGES } from '@cloudstash/contract';
import { DavError } from '../../services/dav/errors';
import { lockKeyOf } from '../../services/dav/locks';
import { resourceKey, type DavResource } from '../../services/dav/tree';
import type { DavRequest } from './context';
import { lockRoots, shown, type ShownLock } from './lock-roots';
import { propResponse, type PropContext, type PropRequest } from './properties';
import { MULTISTATUS_CLOSE, MULTISTATUS_OPEN, childElements, isDav, parseXml, readXmlBody } from './xml';

/** Resources whose dead properties are read together, one query per batch. */
const BATCH = 200;

function readPropRequest(body: string): PropRequest {
  if (!body.trim()) return { kind: 'allprop' };
  const root = parseXml(body);
  if (!isDav(root, 'propfind')) throw new DavError(400, DAV_MESSAGES.badXml);
  const [choice] = childElements(root);
  if (!choice || isDav(choice, 'allprop')) return { kind: 'allprop' };
  if (isDav(choice, 'propname')) return { kind: 'propname' };
  if (isDav(choice, 'prop'))
    return {
      kind: 'prop',
      names: childElements(choice).map((el) => ({ ns: el.namespaceURI ?? '', name: el.localName ?? '' })),
    };
  throw new DavError(400, DAV_MESSAGES.badXml);
}

/**
 * PROPFIND with Depth 0 or 1 (infinity is refused, RFC 4918 section 9.1). The answer is streamed: resources
 * are read a page at a time and written as they come, so a folder of any size answers in flat memory.
 */
export async function propfind(dav: DavRequest, reply: FastifyReply) {
  const depth = String(dav.request.headers.depth ?? 'infinity').toLowerCase();
  if (depth !== '0' && depth !== '1') {
    if (depth === 'infinity') throw new DavError(403, DAV_MESSAGES.infiniteDepth, 'propfind-finite-depth');
    throw new DavError(400, DAV_MESSAGES.badDepth);
  }
  const wanted = readPropRequest(await readXmlBody(dav.request.raw));
  const resource = dav.target.resource;
  if (!resource) throw new DavError(404, DAV_MESSAGES.notFound);
  const { services, viewer } = dav;
  const [usage, remaining] = await Promise.all([
    services.quotas.usageOf(viewer.id),
    services.quotas.remaining(viewer.id),
  ]);
  const { locks } = services.dav;
  // The locks on the resource and those above it; the ones of depth infinity cover its children too, which
  // need only their own locks read, a batch at a time.
  const covering = await locks.covering(await locks.siteOf(dav.target));
  const inherited = shown(
    covering.filter((lock) => lock.depth === 'infinity'),
    lockRoots(dav.target.chain, resource),
  );
  const showsLocks =
    wanted.kind === 'allprop' ||
    (wanted.kind === 'prop' && wanted.names.some((n) => n.name === 'lockdiscovery'));
  let childLocks = new Map<string, ShownLock[]>();
  const ctx: PropContext = {
    quota: { usedBytes: usage.usedBytes, availableBytes: remaining },
    locksOn: (r) =>
      r === resource
        ? shown(covering, lockRoots(dav.target.chain, resource))
        : (childLocks.get(lockKeyOf(r)) ?? inherited),
  };
  /** The locks of each child in `batch`: what covers the folder listed, and each child's own. */
  const readChildLocks = async (children: DavResource[]) => {
    childLocks = new Map();
    if (!showsLocks || !children.length) return;
    if (resource.kind === 'folder' && resource.sharedWithMe) {
      // Shared items are in their owners' trees, each under folders of its own.
      for (const child of children) {
        const held = await locks.covering(await locks.siteOf({ resource: child }));
        childLocks.set(lockKeyOf(child), shown(held, lockRoots([], child)));
      }
      return;
    }
    for (const lock of await locks.onItems(children)) {
      const child = children.find((c) => lockKeyOf(c) === lock.item_key)!;
      const own = childLocks.get(lock.item_key) ?? inherited;
      childLocks.set(lock.item_key, [...own, ...shown([lock], lockRoots([], child))]);
    }
  };
  const needsDead = wanted.kind !== 'prop' || wanted.names.some((n) => n.ns !== 'DAV:');
  async function* render(): AsyncGenerator<string> {
    yield MULTISTATUS_OPEN;
    let batch: DavResource[] = [resource!];
    const flush = async () => {
      const dead = needsDead
        ? await services.dav.properties.listMany(batch.map(resourceKey))
        : new Map<string, never[]>();
      await readChildLocks(batch.filter((r) => r !== resource));
      const text = batch.map((r) => propResponse(r, wanted, dead.get(resourceKey(r)) ?? [], ctx)).join('');
      batch = [];
      return text;
    };
    if (depth === '1' && resource!.kind === 'folder') {
      for await (const child of services.dav.tree.children(viewer, resource!)) {
        batch.push(child);
        if (batch.length >= BATCH) yield await flush();
      }
    }
    yield await flush();
    yield MULTISTATUS_CLOSE;
  }
  return reply
    .status(207)
    .header('content-type', 'application/xml; charset=utf-8')
    .send(Readable.from(render()));
}
