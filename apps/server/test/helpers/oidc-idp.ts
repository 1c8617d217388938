import crypto from 'node:crypto';
import http from 'node:http';
import type net from 'node:net';
import Provider from 'oidc-provider';

/** What the test person types at the provider's login form: who they are and what the provider vouches for. */
export interface IdpPerson {
  sub: string;
  email?: string;
  emailVerified?: boolean;
  name?: string;
}

export const IDP_CLIENT = { id: 'cloudstash', secret: 'test-client-secret-0123456789' };

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The provider's sign-in page: a plain form, as a real provider's would be, with no script. */
function loginForm(uid: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Test identity provider</title></head>
<body><main><h1>Test identity provider</h1>
<form method="post" action="/interaction/${escapeHtml(uid)}">
<label>Subject <input name="sub" required></label>
<label>Email <input name="email" type="email"></label>
<label><input name="email_verified" type="checkbox" value="true"> Email verified</label>
<label>Name <input name="name"></label>
<button type="submit">Continue</button>
</form></main></body></html>`;
}

async function readForm(req: http.IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/**
 * A real OpenID Connect provider (`oidc-provider`) on a loopback port, for tests: one confidential client,
 * PKCE required, and a login form at which the test says who signs in. Nothing leaves the machine.
 * `register` names the redirect URIs once the app's address is known (the app needs the issuer first).
 */
export async function startTestIdp() {
  const people = new Map<string, IdpPerson>();
  let handle: http.RequestListener = (_req, res) => res.writeHead(503).end();
  const server = http.createServer((req, res) => handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
  const { privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });

  function register(redirectUris: string[]) {
    const provider = new Provider(issuer, {
      clients: [
        {
          client_id: IDP_CLIENT.id,
          client_secret: IDP_CLIENT.secret,
          redirect_uris: redirectUris,
          grant_types: ['authorization_code'],
          response_types: ['code'],
          token_endpoint_auth_method: 'client_secret_basic',
        },
      ],
      jwks: { keys: [privateKey.export({ format: 'jwk' }) as never] },
      cookies: { keys: [crypto.randomBytes(16).toString('hex')] },
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
      features: { devInteractions: { enabled: false } },
      pkce: { required: () => true },
      ttl: {
        AccessToken: 600,
        AuthorizationCode: 60,
        Grant: 600,
        IdToken: 600,
        Interaction: 600,
        Session: 600,
      },
      interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
      async findAccount(_ctx, sub) {
        const person = people.get(sub);
        if (!person) return undefined;
        return {
          accountId: sub,
          async claims() {
            return {
              sub,
              ...(person.email !== undefined && { email: person.email }),
              email_verified: person.emailVerified ?? false,
              ...(person.name !== undefined && { name: person.name }),
            };
          },
        };
      },
    });
    const callback = provider.callback();
    handle = (req, res) => {
      const interaction = /^\/interaction\/([\w-]+)$/.exec(req.url ?? '');
      if (!interaction) return void callback(req, res);
      if (req.method === 'GET') {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(loginForm(interaction[1]!));
        return;
      }
      void (async () => {
        const form = await readForm(req);
        const person: IdpPerson = {
          sub: form.get('sub') ?? '',
          email: form.get('email') || undefined,
          emailVerified: form.get('email_verified') === 'true',
          name: form.get('name') || undefined,
        };
        people.set(person.sub, person);
        const details = await provider.interactionDetails(req, res);
        const grant = new provider.Grant({
          accountId: person.sub,
          clientId: String(details.params.client_id),
        });
        grant.addOIDCScope(String(details.params.scope));
        const grantId = await grant.save();
        await provider.interactionFinished(
          req,
          res,
          { login: { accountId: person.sub }, consent: { grantId } },
          { mergeWithLastSubmission: false },
        );
      })().catch((error: unknown) => res.writeHead(500).end(String(error)));
    };
  }

  return {
    issuer,
    register,
    /** The settings CloudStash needs to use this provider. */
    env: (autoRegister: boolean): Record<string, string> => ({
      OIDC_ISSUER: issuer,
      OIDC_CLIENT_ID: IDP_CLIENT.id,
      OIDC_CLIENT_SECRET: IDP_CLIENT.secret,
      OIDC_LABEL: 'Test IdP',
      OIDC_AUTO_REGISTER: String(autoRegister),
    }),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export type TestIdp = Awaited<ReturnType<typeof startTestIdp>>;
