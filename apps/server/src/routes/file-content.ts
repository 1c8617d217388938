import type { FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES } from '@cloudstash/contract';
import { signedIn } from '../http/auth';
import { AppError } from '../http/errors';
import { sendContent } from '../http/send-content';
import type { Services } from '../services/container';
import { requireFileAccess } from '../services/file-access';

type ContentRequest = FastifyRequest<{
  Params: { id: string };
  Querystring: { u?: string; e?: string; s?: string };
}>;

/**
 * The bytes of a file. With a signed download link they come as an attachment named {filename}.{ext}, for the
 * user the link was issued to, whose access is checked again now; otherwise for the signed-in viewer, inline.
 */
export async function serveFileContent(services: Services, request: FastifyRequest, reply: FastifyReply) {
  const { params, query } = request as ContentRequest;
  if (query.s) {
    const userId = services.links.verify(params.id, query);
    const viewer = userId ? await services.accounts.viewerOf(userId) : null;
    if (!viewer) throw new AppError('FORBIDDEN', MESSAGES.downloadLinkInvalid);
    const file = await requireFileAccess(services.db, viewer, params.id, 'view');
    // A download counts when all its bytes have gone out: a full GET (not HEAD, a range or a 304) that
    // finished sending. A response cut short (client gone, damaged bytes) never emits 'finish'.
    if (request.method === 'GET') {
      reply.raw.once('finish', () => {
        if (reply.statusCode !== 200) return;
        services.files
          .countDelivered(viewer.id, file.id)
          .catch((error: unknown) => request.log.warn({ err: error }, 'could not count a download'));
      });
    }
    return sendContent(request, reply, services.store, file, 'download');
  }
  const file = await requireFileAccess(services.db, signedIn(request), params.id, 'view');
  return sendContent(request, reply, services.store, file, 'preview');
}
