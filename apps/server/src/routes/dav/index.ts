import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { DAV_MESSAGES } from '@cloudstash/contract';
import { sendContent } from '../../http/send-content';
import type { Services } from '../../services/container';
import { assertMayWrite, parseBasic } from '../../services/dav/credentials';
import { DavError } from '../../services/dav/errors';
import { readIfHeader, segmentsOf, tokensOf, type DavRequest } from './context';
import { lock, unlock } from './locking';
import { propfind } from './propfind';
import { proppatch } from './proppatch';
import { copyOrMove, mkcol, put, remove } from './writes';
import { errorBody } from './xml';

/** The methods of RFC 4918 besides HTTP's own; Fastify must know them before any route uses them. */
const DAV_ONLY_METHODS = ['PROPFIND', 'PROPPATCH', 'MKCOL', 'COPY', 'MOVE', 'LOCK', 'UNLOCK'] as const;
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'PROPFIND']);
const ALLOW = ['OPTIONS', 'GET', 'HEAD', 'PUT', 'DELETE', ...DAV_ONLY_METHODS].join(', ');

/**
 * Teaches the server the WebDAV methods. They are registered as having no body Fastify should parse: the
 * handlers read their XML, and PUT its bytes, from the request stream themselves.
 */
export function registerDavMethods(app: FastifyInstance): void {
  for (const method of DAV_ONLY_METHODS) {
    if (!app.supportedMethods.includes(method)) app.addHttpMethod(method, { hasBody: false });
  }
}

/** 401 with the challenge that makes a WebDAV client ask for the email and an access token. */
function challenge(reply: FastifyReply): void {
  void reply.header('www-authenticate', 'Basic realm="CloudStash WebDAV", charset="UTF-8"');
}

/**
 * The WebDAV adapter at /dav/: the signed-in account's own folders and files, over the same services as the
 * API. Only HTTP Basic with the account's email and an access token is accepted here, never a session cookie,
 * so no page can make a browser write over WebDAV.
 */
export const davRoutes: FastifyPluginAsync<{ services: Services }> = async (app, { services }) => {
  // Bodies are streams the handlers read themselves (PUT's bytes, the XML of PROPFIND and friends).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));

  app.setErrorHandler(async (error, request, reply) => {
    if (!(error instanceof DavError)) throw error;
    if (error.status === 401) challenge(reply);
    if (error.condition) {
      return reply
        .status(error.status)
        .header('content-type', 'application/xml; charset=utf-8')
        .send(errorBody(error.condition));
    }
    return reply
      .status(error.status)
      .header('content-type', 'text/plain; charset=utf-8')
      .send(`${error.message}\n`);
  });

  const handle = async (request: FastifyRequest, reply: FastifyReply) => {
    void reply.header('dav', '1, 2');
    if (request.method === 'OPTIONS') {
      return reply.status(200).headers({ allow: ALLOW, 'ms-author-via': 'DAV', 'content-length': 0 }).send();
    }
    let viewer;
    try {
      viewer = await services.dav.credentials.viewerOf(parseBasic(request.headers.authorization), request.ip);
    } catch (error) {
      if (error instanceof DavError) challenge(reply);
      throw error;
    }
    if (!READ_METHODS.has(request.method)) assertMayWrite(viewer);
    const segments = segmentsOf(request);
    const ifLists = readIfHeader(request);
    const dav: DavRequest = {
      request,
      services,
      viewer,
      segments,
      target: await services.dav.tree.resolve(viewer, segments),
      ifLists,
      tokens: tokensOf(ifLists),
    };
    switch (request.method) {
      case 'GET':
      case 'HEAD':
        return read(dav, reply);
      case 'PROPFIND':
        return propfind(dav, reply);
      case 'PROPPATCH':
        return proppatch(dav, reply);
      case 'PUT':
        return put(dav, reply);
      case 'DELETE':
        return remove(dav, reply);
      case 'MKCOL':
        return mkcol(dav, reply);
      case 'COPY':
      case 'MOVE':
        return copyOrMove(dav, reply, request.method);
      case 'LOCK':
        return lock(dav, reply);
      case 'UNLOCK':
        return unlock(dav, reply);
      default:
        throw new DavError(405, DAV_MESSAGES.notAllowed);
    }
  };

  const methods = ['OPTIONS', 'GET', 'HEAD', 'PUT', 'DELETE', ...DAV_ONLY_METHODS];
  app.route({ method: methods, url: '/dav', handler: handle, exposeHeadRoute: false });
  app.route({ method: methods, url: '/dav/*', handler: handle, exposeHeadRoute: false });
};

/** GET and HEAD: a file's bytes with Range and conditional requests (http/send-content.ts). */
async function read(dav: DavRequest, reply: FastifyReply) {
  const resource = dav.target.resource;
  if (!resource) throw new DavError(404, DAV_MESSAGES.notFound);
  if (resource.kind === 'folder') {
    return reply.status(200).header('content-type', 'text/plain; charset=utf-8').send('This is a folder.\n');
  }
  const content = await dav.services.files.openContent(dav.viewer, resource.row.id);
  const modified = resource.row.client_mtime ?? resource.row.updated_at;
  void reply.header('last-modified', new Date(modified).toUTCString());
  return sendContent(dav.request, reply, content, 'download', {
    handOffPrefix: dav.services.config.accelRedirectPrefix,
  });
}
