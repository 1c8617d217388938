import type { FastifyRequest } from 'fastify';
import { DAV_MESSAGES } from '@cloudstash/contract';
import { contentEtag } from '../../http/send-content';
import type { Services } from '../../services/container';
import { DavError } from '../../services/dav/errors';
import {
  IfHeaderSyntaxError,
  ifHeaderHolds,
  parseIfHeader,
  submittedTokens,
  type IfList,
} from '../../services/dav/if-header';
import type { LockTarget } from '../../services/dav/locks';
import type { DavResource, Resolved } from '../../services/dav/tree';
import type { Viewer } from '../../services/sessions';
import { davSegments, treePathOfUrl } from './paths';

/** One WebDAV request: who asks, and what its path names. */
export interface DavRequest {
  request: FastifyRequest;
  services: Services;
  viewer: Viewer;
  segments: string[];
  target: Resolved;
  ifLists: IfList[] | undefined;
  /** Lock tokens the client submitted (in its If header). */
  tokens: ReadonlySet<string>;
}

export function segmentsOf(request: FastifyRequest): string[] {
  return davSegments(request.url) ?? [];
}

export function readIfHeader(request: FastifyRequest): IfList[] | undefined {
  const header = request.headers.if;
  if (header === undefined) return undefined;
  try {
    return parseIfHeader(String(header), treePathOfUrl);
  } catch (error) {
    if (error instanceof IfHeaderSyntaxError) throw new DavError(400, DAV_MESSAGES.badIfHeader);
    throw error;
  }
}

/** A file's entity tag: it changes exactly when its bytes do. Folders have none. */
export const etagOf = (resource: DavResource | undefined) =>
  resource?.kind === 'file' ? contentEtag(resource.row.blob_hash) : undefined;

/**
 * The checks every change makes before it runs: an If header that names conditions must hold (else 412), and
 * every lock on what changes must have its token submitted (else 423).
 */
export async function assertConditions(
  dav: DavRequest,
  targets: Array<{ at: LockTarget; withBelow: boolean }>,
): Promise<void> {
  await assertIfHolds(dav);
  await dav.services.dav.locks.assertUnlocked(dav.viewer, targets, dav.tokens);
}

export async function assertIfHolds(dav: DavRequest): Promise<void> {
  if (!dav.ifLists) return;
  const { tree, locks } = dav.services.dav;
  const holds = await ifHeaderHolds(dav.ifLists, async (tagged) => {
    let at: LockTarget | undefined = dav.target;
    if (tagged !== undefined && tagged !== dav.target.path) {
      // A tagged list names another resource: a path in the caller's tree, or a URL of somewhere else.
      at = tagged.startsWith('/')
        ? await tree.resolve(dav.viewer, tagged.split('/').filter(Boolean))
        : undefined;
    }
    const held = at ? await locks.covering(await locks.siteOf(at)) : [];
    return { etag: etagOf(at?.resource), lockTokens: new Set(held.map((l) => l.token)) };
  });
  if (!holds) throw new DavError(412, DAV_MESSAGES.preconditionFailed);
}

export function tokensOf(lists: IfList[] | undefined): ReadonlySet<string> {
  return lists ? submittedTokens(lists) : new Set();
}
