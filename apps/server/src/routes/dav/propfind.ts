import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { DAV_MESSAGES } from '@cloudstash/contract';
import { DavError } from '../../services/dav/errors';
import type { DavLockRow } from '../../services/dav/locks';
import { resourceKey, type DavResource } from '../../services/dav/tree';
import { selfAndAncestors } from '../../services/dav/locks';
import type { DavRequest } from './context';
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
  // Every lock that can apply to the resource or its children: those on it and its ancestors, and below it.
  const nearby: DavLockRow[] = [
    ...(await services.dav.locks.covering(viewer.id, resource.path)),
    ...(depth === '1' ? await services.dav.locks.below(viewer.id, resource.path) : []),
  ];
  const ctx: PropContext = {
    quota: { usedBytes: usage.usedBytes, availableBytes: remaining },
    locksOn: (path) => {
      const around = new Set(selfAndAncestors(path));
      return nearby.filter((l) => l.path === path || (l.depth === 'infinity' && around.has(l.path)));
    },
  };
  const needsDead = wanted.kind !== 'prop' || wanted.names.some((n) => n.ns !== 'DAV:');
  async function* render(): AsyncGenerator<string> {
    yield MULTISTATUS_OPEN;
    let batch: DavResource[] = [resource!];
    const flush = async () => {
      const dead = needsDead
        ? await services.dav.properties.listMany(batch.map(resourceKey))
        : new Map<string, never[]>();
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
