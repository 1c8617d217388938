import type { DeadProperty } from '../../services/dav/properties';
import type { DavResource } from '../../services/dav/tree';
import { etagOf } from './context';
import type { ShownLock } from './lock-roots';
import { hrefOf } from './paths';
import { DAV_NS, emptyProp, escapeXml, statusLine, type PropName } from './xml';

/** What a PROPFIND asks for. */
export type PropRequest = { kind: 'allprop' } | { kind: 'propname' } | { kind: 'prop'; names: PropName[] };

/** Facts shared by every resource of one answer. */
export interface PropContext {
  quota: { usedBytes: number; availableBytes: number | null };
  /** The locks that apply to a resource (held on it, or on a folder above with depth infinity). */
  locksOn(resource: DavResource): ShownLock[];
}

const LIVE = [
  'resourcetype',
  'displayname',
  'getlastmodified',
  'creationdate',
  'getcontentlength',
  'getcontenttype',
  'getetag',
  'supportedlock',
  'lockdiscovery',
  'quota-used-bytes',
  'quota-available-bytes',
] as const;

const SUPPORTED_LOCK =
  '<d:lockentry><d:lockscope><d:exclusive/></d:lockscope><d:locktype><d:write/></d:locktype></d:lockentry>' +
  '<d:lockentry><d:lockscope><d:shared/></d:lockscope><d:locktype><d:write/></d:locktype></d:lockentry>';

/** `<d:activelock>` of one lock, as LOCK answers and `lockdiscovery` show it. */
export function activeLock({ lock, rootHref }: ShownLock): string {
  const owner = lock.owner_xml ? `<d:owner>${lock.owner_xml}</d:owner>` : '';
  return (
    `<d:activelock><d:locktype><d:write/></d:locktype><d:lockscope><d:${lock.scope}/></d:lockscope>` +
    `<d:depth>${lock.depth === 'infinity' ? 'infinity' : '0'}</d:depth>${owner}` +
    `<d:timeout>Second-${lock.timeout_seconds}</d:timeout>` +
    `<d:locktoken><d:href>${escapeXml(lock.token)}</d:href></d:locktoken>` +
    `<d:lockroot><d:href>${escapeXml(rootHref)}</d:href></d:lockroot></d:activelock>`
  );
}

/** The inner XML of a live property of `resource`, or undefined when it has none. */
function liveValue(name: string, resource: DavResource, ctx: PropContext): string | undefined {
  const isFolder = resource.kind === 'folder';
  const file = resource.kind === 'file' ? resource.row : undefined;
  switch (name) {
    case 'resourcetype':
      return isFolder ? '<d:collection/>' : '';
    case 'displayname':
      return escapeXml(resource.name);
    case 'getlastmodified': {
      const at = file
        ? (file.client_mtime ?? file.updated_at)
        : resource.kind === 'folder' && resource.updatedAt;
      return at ? new Date(at).toUTCString() : undefined;
    }
    case 'creationdate':
      return new Date(file ? file.created_at : (resource as { createdAt: string }).createdAt).toISOString();
    case 'getcontentlength':
      return file ? String(file.size) : undefined;
    case 'getcontenttype':
      return file ? escapeXml(file.mimetype) : undefined;
    case 'getetag': {
      const etag = etagOf(resource);
      return etag && escapeXml(etag);
    }
    case 'supportedlock':
      return SUPPORTED_LOCK;
    case 'lockdiscovery':
      return ctx.locksOn(resource).map(activeLock).join('');
    case 'quota-used-bytes':
      return isFolder ? String(ctx.quota.usedBytes) : undefined;
    case 'quota-available-bytes':
      return isFolder && ctx.quota.availableBytes !== null ? String(ctx.quota.availableBytes) : undefined;
    default:
      return undefined;
  }
}

const QUOTA_PROPS = new Set(['quota-used-bytes', 'quota-available-bytes']);

/** One `<d:response>` of a multistatus answer to PROPFIND. */
export function propResponse(
  resource: DavResource,
  request: PropRequest,
  dead: DeadProperty[],
  ctx: PropContext,
): string {
  const found: string[] = [];
  const missing: string[] = [];
  const isFolder = resource.kind === 'folder';
  if (request.kind === 'propname') {
    for (const name of LIVE) if (liveValue(name, resource, ctx) !== undefined) found.push(`<d:${name}/>`);
    for (const p of dead) found.push(emptyProp({ ns: p.namespace, name: p.name }));
  } else if (request.kind === 'allprop') {
    // RFC 4331: quota properties are reported only when asked for by name.
    for (const name of LIVE) {
      if (QUOTA_PROPS.has(name)) continue;
      const value = liveValue(name, resource, ctx);
      if (value !== undefined) found.push(`<d:${name}>${value}</d:${name}>`);
    }
    for (const p of dead) found.push(p.value_xml);
  } else {
    for (const wanted of request.names) {
      const value = wanted.ns === DAV_NS ? liveValue(wanted.name, resource, ctx) : undefined;
      if (value !== undefined) {
        found.push(`<d:${wanted.name}>${value}</d:${wanted.name}>`);
        continue;
      }
      const stored = dead.find((p) => p.namespace === wanted.ns && p.name === wanted.name);
      if (stored) found.push(stored.value_xml);
      else missing.push(emptyProp(wanted));
    }
  }
  let out = `<d:response><d:href>${escapeXml(hrefOf(resource.path, isFolder))}</d:href>`;
  if (found.length || !missing.length)
    out += `<d:propstat><d:prop>${found.join('')}</d:prop><d:status>${statusLine(200)}</d:status></d:propstat>`;
  if (missing.length)
    out += `<d:propstat><d:prop>${missing.join('')}</d:prop><d:status>${statusLine(404)}</d:status></d:propstat>`;
  return `${out}</d:response>`;
}
