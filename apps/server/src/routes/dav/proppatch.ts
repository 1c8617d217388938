import type { FastifyReply } from 'fastify';
import { DAV_MESSAGES } from '@cloudstash/contract';
import { DavError } from '../../services/dav/errors';
import type { PropertyChange } from '../../services/dav/properties';
import { assertConditions, type DavRequest } from './context';
import { hrefOf } from './paths';
import {
  DAV_NS,
  MULTISTATUS_CLOSE,
  MULTISTATUS_OPEN,
  childElements,
  emptyProp,
  escapeXml,
  isDav,
  parseXml,
  readXmlBody,
  serialize,
  statusLine,
  textOf,
  type PropName,
} from './xml';

/** Windows Explorer's modification time, set with PROPPATCH after a write. */
const MS_NS = 'urn:schemas-microsoft-com:';

/**
 * PROPPATCH (RFC 4918 section 9.2): stores and removes dead properties, all or none. Properties of the DAV:
 * namespace are the server's own (protected, 403); Windows' Win32LastModifiedTime, and DAV:getlastmodified, set
 * a file's modification time as well as being kept.
 */
export async function proppatch(dav: DavRequest, reply: FastifyReply) {
  const resource = dav.target.resource;
  if (!resource) throw new DavError(404, DAV_MESSAGES.notFound);
  await assertConditions(dav, [{ at: dav.target, withBelow: false }]);
  const root = parseXml(await readXmlBody(dav.request.raw));
  if (!isDav(root, 'propertyupdate')) throw new DavError(400, DAV_MESSAGES.badXml);
  const changes: PropertyChange[] = [];
  const names: PropName[] = [];
  const refused: PropName[] = [];
  let mtime: string | undefined;
  for (const action of childElements(root, DAV_NS)) {
    if (action.localName !== 'set' && action.localName !== 'remove') continue;
    for (const prop of childElements(action, DAV_NS, 'prop')) {
      for (const el of childElements(prop)) {
        const name = { ns: el.namespaceURI ?? '', name: el.localName ?? '' };
        names.push(name);
        const isModified =
          (name.ns === MS_NS && name.name === 'Win32LastModifiedTime') ||
          (name.ns === DAV_NS && name.name === 'getlastmodified');
        if (isModified && action.localName === 'set') {
          const at = Date.parse(textOf(el));
          if (Number.isFinite(at)) mtime = new Date(at).toISOString();
          if (name.ns === DAV_NS) continue;
        } else if (name.ns === DAV_NS) {
          refused.push(name);
          continue;
        }
        changes.push(
          action.localName === 'set'
            ? { op: 'set', namespace: name.ns, name: name.name, valueXml: serialize(el) }
            : { op: 'remove', namespace: name.ns, name: name.name },
        );
      }
    }
  }
  let body = `${MULTISTATUS_OPEN}<d:response><d:href>${escapeXml(hrefOf(resource.path, resource.kind === 'folder'))}</d:href>`;
  const propstat = (props: PropName[], status: number) =>
    props.length
      ? `<d:propstat><d:prop>${props.map(emptyProp).join('')}</d:prop><d:status>${statusLine(status)}</d:status></d:propstat>`
      : '';
  if (refused.length) {
    const refusedKeys = new Set(refused.map((p) => `${p.ns} ${p.name}`));
    const others = names.filter((p) => !refusedKeys.has(`${p.ns} ${p.name}`));
    body += propstat(refused, 403) + propstat(others, 424);
  } else {
    await dav.services.dav.properties.apply(dav.viewer, resource, changes);
    if (mtime && resource.kind === 'file')
      await dav.services.files.setClientMtime(dav.viewer, resource.row.id, mtime);
    body += propstat(names, 200);
  }
  body += `</d:response>${MULTISTATUS_CLOSE}`;
  return reply.status(207).header('content-type', 'application/xml; charset=utf-8').send(body);
}
