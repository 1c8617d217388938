import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API_BASE,
  OIDC_PATHS,
  SSO_MESSAGES,
  SSO_TOTP_QUERY,
  authProvidersSchema,
  envelope,
  oidcStartQuerySchema,
  type SsoErrorCode,
} from '@cloudstash/contract';
import { setPendingLoginCookie, setSessionCookie } from '../http/auth';
import { clearOidcFlowCookie, oidcFlowCookie, setOidcFlowCookie } from '../http/oidc-cookie';
import { SsoError } from '../services/accounts/oidc/oidc-sign-in';
import type { Services } from '../services/container';

const tags = ['auth'];

/** Single sign-on: what the login page offers, and the two browser navigations of the provider's flow. */
export const ssoRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const { oidc, config, throttle } = services;
  const toLogin = (reply: FastifyReply, code: SsoErrorCode) => reply.redirect(`/login?sso_error=${code}`);
  /** A refused single sign-on goes back to the login page with its code; anything else is a real error. */
  const orBackToLogin = async (reply: FastifyReply, work: () => Promise<FastifyReply>) => {
    try {
      return await work();
    } catch (error) {
      if (error instanceof SsoError) return toLogin(reply, error.code);
      throw error;
    }
  };

  app.get(
    '/auth/providers',
    { schema: { tags, response: { 200: envelope(authProvidersSchema) } } },
    async () => ({
      message: SSO_MESSAGES.providersFetched,
      data: { oidc: oidc ? { label: oidc.label, createsAccounts: oidc.createsAccounts } : null },
    }),
  );

  app.get(
    OIDC_PATHS.start,
    { onRequest: throttle.perAddress('singleSignOnPerAddress'), schema: { tags } },
    async (request, reply) => {
      if (!oidc) return toLogin(reply, 'not_configured');
      // A browser navigation: an invite that is not one is left out rather than answered with JSON, and the
      // instance then says on the login page that an invite is needed.
      const { invite } = oidcStartQuerySchema.safeParse(request.query).data ?? {};
      // The host check has already refused hosts this instance does not answer to.
      const origin = config.publicOrigin ?? `${request.protocol}://${request.host}`;
      return orBackToLogin(reply, async () => {
        const { url, flow } = await oidc.start({
          redirectUri: `${origin}${API_BASE}${OIDC_PATHS.callback}`,
          invite,
        });
        setOidcFlowCookie(reply, config, flow.value, flow.expiresAt);
        return reply.redirect(url);
      });
    },
  );

  app.get(
    OIDC_PATHS.callback,
    { onRequest: throttle.perAddress('singleSignOnPerAddress'), schema: { tags } },
    async (request, reply) => {
      if (!oidc) return toLogin(reply, 'not_configured');
      const queryAt = request.url.indexOf('?');
      const query = queryAt === -1 ? '' : request.url.slice(queryAt + 1);
      // One attempt per flow: whatever happens next, the cookie is spent.
      clearOidcFlowCookie(reply, config);
      return orBackToLogin(reply, async () => {
        // A browser signed in to the account (its session, never a token) proves it: the link step.
        const signedInAs = request.viewer && !request.viewer.scope ? request.viewer.id : undefined;
        const outcome = await oidc.finish(
          query,
          oidcFlowCookie(request, config),
          { userAgent: request.headers['user-agent'], address: request.ip },
          signedInAs,
        );
        if ('totpRequired' in outcome) {
          setPendingLoginCookie(reply, config, outcome.pending.value, outcome.pending.expiresAt);
          return reply.redirect(`/login?${SSO_TOTP_QUERY}`);
        }
        setSessionCookie(reply, config, outcome.token, outcome.expiresAt);
        return reply.redirect('/dashboard');
      });
    },
  );
};
