import { DAV_MESSAGES } from '@cloudstash/contract';
import { DavError } from '../../services/dav/errors';

export const DAV_PREFIX = '/dav';

/**
 * The decoded segments of a request path below /dav/ (`/dav/a%20b/c` → ['a b', 'c']), or undefined when the
 * path is not below /dav. 400 for a segment that cannot be a name: bad percent-encoding, `.`/`..`, a slash or
 * NUL inside a segment.
 */
export function davSegments(rawPath: string): string[] | undefined {
  const path = rawPath.split('?')[0]!.split('#')[0]!;
  if (path !== DAV_PREFIX && !path.startsWith(`${DAV_PREFIX}/`)) return undefined;
  const segments: string[] = [];
  for (const raw of path.slice(DAV_PREFIX.length).split('/')) {
    if (raw === '') continue;
    let name: string;
    try {
      name = decodeURIComponent(raw);
    } catch {
      throw new DavError(400, DAV_MESSAGES.badName);
    }
    if (name === '.' || name === '..' || name.includes('/') || name.includes('\u0000'))
      throw new DavError(400, DAV_MESSAGES.badName);
    // One form for every name: macOS clients send decomposed (NFD) names, everything else and the store NFC.
    segments.push(name.normalize('NFC'));
  }
  return segments;
}

/** The tree path (`/a/b`, `/` for the top) of a URL or absolute path naming something below /dav. */
export function treePathOfUrl(url: string): string | undefined {
  let pathname: string;
  try {
    pathname = new URL(url, 'http://placeholder').pathname;
  } catch {
    return undefined;
  }
  try {
    const segments = davSegments(pathname);
    return segments && `/${segments.join('/')}`;
  } catch {
    return undefined;
  }
}

/** The segments of a Destination header's URL (absolute, or an absolute path); 400 unless it is under /dav. */
export function destinationSegments(header: string | undefined): string[] {
  if (!header) throw new DavError(400, DAV_MESSAGES.badDestination);
  let pathname: string;
  try {
    pathname = new URL(header, 'http://placeholder').pathname;
  } catch {
    throw new DavError(400, DAV_MESSAGES.badDestination);
  }
  const segments = davSegments(pathname);
  if (!segments) throw new DavError(502, DAV_MESSAGES.badDestination);
  return segments;
}

/** The href of a tree path, every segment percent-encoded; folders end with a slash. */
export function hrefOf(path: string, isFolder: boolean): string {
  const encoded = path
    .split('/')
    .filter(Boolean)
    .map((segment) => encodeURIComponent(segment))
    .join('/');
  const base = encoded ? `${DAV_PREFIX}/${encoded}` : DAV_PREFIX;
  return isFolder ? `${base}/` : base;
}
