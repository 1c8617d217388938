import type { FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES } from '@cloudstash/contract';
import { signedIn } from '../http/auth';
import { AppError } from '../errors';
import { sendContent } from '../http/send-content';
import type { Services } from '../services/container';

type ContentRequest = FastifyRequest<{
  Params: { id: string };
  Querystring: { u?: string; e?: string; s?: string };
}>;

/**
 * The bytes of a file. With a signed download link they come as an attachment named {filename}.{ext}, for the
 * user the link was issued to, whose access is checked again now; otherwise for the signed-in viewer, inline
 * (a PDF only to the app's own viewer, which fetches it: see sendContent).
 */
export async function serveFileContent(services: Services, request: FastifyRequest, reply: FastifyReply) {
  const { params, query } = request as ContentRequest;
  // A request that names a link is decided by the link alone, even an empty or partial one, never by the
  // cookie that came with it: a proxy in front may keep the answer to a link for anyone who presents it.
  if (query.s !== undefined || query.u !== undefined || query.e !== undefined) {
    const userId = services.signedUrls.verify(params.id, query);
    const viewer = userId ? await services.accounts.viewerOf(userId) : null;
    if (!viewer) throw new AppError('FORBIDDEN', MESSAGES.downloadLinkInvalid);
    const content = await services.files.openContent(viewer, params.id);
    // A download counts when all its bytes have been read and verified for a full GET (not HEAD, a range or a
    // 304); a response cut short before that (client gone, damaged bytes) counts nothing.
    const count = async () => void (await services.downloads.countSignedIn(viewer.id, content.file.id));
    return sendContent(request, reply, content, 'download', {
      onDelivered: request.method === 'GET' ? count : undefined,
      handOffPrefix: services.config.accelRedirectPrefix,
    });
  }
  const content = await services.files.openContent(signedIn(request), params.id);
  return sendContent(request, reply, content, 'preview', {
    handOffPrefix: services.config.accelRedirectPrefix,
  });
}
