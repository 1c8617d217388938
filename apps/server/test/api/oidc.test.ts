import crypto from 'node:crypto';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/dialects';
import { signInAtIdp } from '../helpers/oidc-flow';
import { startTestIdp, type IdpPerson, type TestIdp } from '../helpers/oidc-idp';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { newAccount, strongPassword, type TestClient } from '../helpers/test-client';

const CALLBACK = '/api/v1/auth/oidc/callback';
const person = (overrides: Partial<IdpPerson> = {}): IdpPerson => ({
  sub: crypto.randomUUID(),
  email: newAccount().email,
  emailVerified: true,
  name: 'Ada Lovelace',
  ...overrides,
});

describe.each(DIALECTS)('single sign-on with OpenID Connect (%s)', (dialect) => {
  let idp: TestIdp;
  /** Creates accounts on first sign-in. */
  let open: TestApp;
  /** Does not. */
  let linkOnly: TestApp;
  let admin: TestClient;
  let linkOnlyAdmin: { email: string };

  beforeAll(async () => {
    idp = await startTestIdp();
    open = await startTestApp(dialect, { env: idp.env(true) });
    linkOnly = await startTestApp(dialect, { env: idp.env(false) });
    idp.register([open.baseUrl + CALLBACK, linkOnly.baseUrl + CALLBACK]);
    admin = open.client();
    await admin.signUp({ name: 'Admin' });
    linkOnlyAdmin = await linkOnly.client().signUp({ name: 'Admin' });
  });
  afterAll(async () => {
    await open?.close();
    await linkOnly?.close();
    await idp?.close();
  });

  /** The whole round trip for one browser; answers the callback's answer. */
  async function signIn(t: TestApp, who: IdpPerson, c = t.client(), startPath?: string) {
    const callback = await signInAtIdp(c, idp, who, startPath);
    return { c, answer: await c.get(callback.pathname + callback.search) };
  }

  const newToken = async (c: TestClient) =>
    (await c.post('/api/v1/users/me/tokens', { name: 'script', scope: 'read-write' })).body.data
      .token as string;
  const tokenWorks = async (t: TestApp, token: string) =>
    (await t.client().get('/api/v1/users/me', { authorization: `Bearer ${token}` })).status === 200;

  const signedInAs = async (c: TestClient) => {
    const me = await c.get('/api/v1/users/me');
    return me.status === 200 ? (me.body.data as { _id: string; email: string; name: string }) : null;
  };

  it('tells the login page the provider and its label without signing in', async () => {
    const answer = await open.client().get('/api/v1/auth/providers');
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({ oidc: { label: 'Test IdP', createsAccounts: true } });
    expect((await linkOnly.client().get('/api/v1/auth/providers')).body.data).toEqual({
      oidc: { label: 'Test IdP', createsAccounts: false },
    });
  });

  it('starts with a redirect carrying PKCE (S256), state and nonce, kept in a sealed Lax cookie', async () => {
    const answer = await open.client().get('/api/v1/auth/oidc/start');
    expect(answer.status).toBe(302);
    const to = new URL(answer.headers.get('location')!);
    expect(to.origin).toBe(idp.issuer);
    expect(to.searchParams.get('response_type')).toBe('code');
    expect(to.searchParams.get('client_id')).toBe('cloudstash');
    expect(to.searchParams.get('redirect_uri')).toBe(open.baseUrl + CALLBACK);
    expect(to.searchParams.get('scope')).toBe('openid email profile');
    expect(to.searchParams.get('code_challenge_method')).toBe('S256');
    expect(to.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    const state = to.searchParams.get('state')!;
    const nonce = to.searchParams.get('nonce')!;
    expect(state.length).toBeGreaterThanOrEqual(32);
    expect(nonce.length).toBeGreaterThanOrEqual(32);
    const cookie = answer.headers.getSetCookie().find((c) => c.startsWith('cloudstash_oidc='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Expires=/i);
    // Sealed: neither the state nor the nonce can be read from it.
    expect(cookie).not.toContain(state);
    expect(cookie).not.toContain(nonce);
  });

  it('creates an account on first sign-in when auto-registration is on, and reuses the identity later', async () => {
    const who = person({ name: 'Grace Hopper' });
    const first = await signIn(open, who);
    expect(first.answer.status).toBe(302);
    expect(first.answer.headers.get('location')).toBe('/dashboard');
    const created = await signedInAs(first.c);
    expect(created).toMatchObject({ email: who.email, name: 'Grace Hopper', role: 'user' });

    // The provider changed the email since: the identity, not the email, decides the account.
    const again = await signIn(open, { ...who, email: newAccount().email });
    expect(again.answer.headers.get('location')).toBe('/dashboard');
    expect((await signedInAs(again.c))?._id).toBe(created!._id);
    const listed = await admin.get(`/api/v1/admin/users?q=${encodeURIComponent(who.email!)}`);
    expect(listed.body.meta.total).toBe(1);
  });

  it('creates no account when auto-registration is off', async () => {
    const who = person();
    const { c, answer } = await signIn(linkOnly, who);
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toBe('/login?sso_error=no_account');
    expect(await signedInAs(c)).toBeNull();
    // No account was made: registering that email normally still works.
    const registered = await linkOnly.client().register(newAccount({ email: who.email }));
    expect(registered.answer.status).toBe(201);
  });

  it('creates no account while registration is closed, even with auto-registration on', async () => {
    expect((await admin.patch('/api/v1/admin/settings', { registration: 'closed' })).status).toBe(200);
    try {
      const { c, answer } = await signIn(open, person());
      expect(answer.headers.get('location')).toBe('/login?sso_error=no_account');
      expect(await signedInAs(c)).toBeNull();
    } finally {
      await admin.patch('/api/v1/admin/settings', { registration: 'open' });
    }
  });

  it("links an existing account only for the account's own session, ending its other sessions and tokens", async () => {
    const owner = linkOnly.client();
    const account = await owner.signUp();
    const token = await newToken(owner);
    const elsewhere = linkOnly.client();
    expect((await elsewhere.login(account.email, strongPassword)).status).toBe(200);

    const unverified = await signIn(linkOnly, person({ email: account.email, emailVerified: false }));
    expect(unverified.answer.headers.get('location')).toBe('/login?sso_error=email_unverified');
    expect(await signedInAs(unverified.c)).toBeNull();

    // A verified email in a browser that is not signed in: the address alone proves nothing here.
    const who = person({ email: account.email, emailVerified: true });
    const notProven = await signIn(linkOnly, who);
    expect(notProven.answer.headers.get('location')).toBe('/login?sso_error=link_required');
    expect(await signedInAs(notProven.c)).toBeNull();
    // Signed in to another account is no proof either.
    const stranger = linkOnly.client();
    await stranger.signUp();
    const wrongAccount = await signIn(linkOnly, who, stranger);
    expect(wrongAccount.answer.headers.get('location')).toBe('/login?sso_error=link_required');

    // The link step: the same identity, from the account's own signed-in browser.
    const linking = await signIn(linkOnly, who, owner);
    expect(linking.answer.headers.get('location')).toBe('/dashboard');
    expect((await signedInAs(owner))?._id).toBe(account._id);
    // Whatever was signed in before is signed out: the other browser and the token.
    expect((await elsewhere.get('/api/v1/users/me')).status).toBe(401);
    expect(await tokenWorks(linkOnly, token)).toBe(false);

    // Linked now: the same identity signs in anywhere, even after its email stops being verified or changes.
    const later = await signIn(linkOnly, { ...who, email: newAccount().email, emailVerified: false });
    expect(later.answer.headers.get('location')).toBe('/dashboard');
    expect((await signedInAs(later.c))?._id).toBe(account._id);
    // The password still works too.
    expect((await linkOnly.client().login(account.email, strongPassword)).status).toBe(200);
  });

  it("does not hand an account registered first with someone's address to their identity", async () => {
    // Open registration never proves an address: anyone may register the victim's, with a password of theirs.
    const squatter = open.client();
    const victimEmail = newAccount().email;
    const squatted = await squatter.signUp({ email: victimEmail });
    const token = await newToken(squatter);

    const victim = person({ email: victimEmail, emailVerified: true });
    const first = await signIn(open, victim);
    expect(first.answer.status).toBe(302);
    expect(first.answer.headers.get('location')).toBe('/login?sso_error=link_required');
    expect(first.answer.headers.getSetCookie().some((s) => s.startsWith('cloudstash_session='))).toBe(false);
    expect(await signedInAs(first.c)).toBeNull();
    // Nothing was linked and nothing was made: the next sign-in is refused the same way, the squatter's
    // account is the only one with the address, and its own session and token stand as before.
    const again = await signIn(open, victim);
    expect(again.answer.headers.get('location')).toBe('/login?sso_error=link_required');
    const listed = await admin.get(`/api/v1/admin/users?q=${encodeURIComponent(victimEmail)}`);
    expect(listed.body.meta.total).toBe(1);
    expect((await signedInAs(squatter))?._id).toBe(squatted._id);
    expect(await tokenWorks(open, token)).toBe(true);
  });

  it('does not create an account from an unverified email', async () => {
    const { c, answer } = await signIn(open, person({ emailVerified: false }));
    expect(answer.headers.get('location')).toBe('/login?sso_error=email_unverified');
    expect(await signedInAs(c)).toBeNull();
  });

  it('refuses a tampered state, a missing flow cookie and a replayed callback', async () => {
    const c = open.client();
    const callback = await signInAtIdp(c, idp, person());
    const tampered = new URL(callback);
    tampered.searchParams.set('state', `${callback.searchParams.get('state')!.slice(0, -2)}xx`);
    const refused = await c.get(tampered.pathname + tampered.search);
    expect(refused.status).toBe(302);
    expect(refused.headers.get('location')).toBe('/login?sso_error=expired');
    expect(refused.headers.getSetCookie().some((s) => s.startsWith('cloudstash_session='))).toBe(false);
    expect(await signedInAs(c)).toBeNull();

    // The refusal spent the flow: the genuine callback in the same browser is refused too.
    const replay = await c.get(callback.pathname + callback.search);
    expect(replay.headers.get('location')).toBe('/login?sso_error=expired');

    // Another browser (no flow cookie) cannot use a callback URL it was handed.
    const other = open.client();
    const fresh = await signInAtIdp(open.client(), idp, person());
    const stolen = await other.get(fresh.pathname + fresh.search);
    expect(stolen.headers.get('location')).toBe('/login?sso_error=expired');
    expect(await signedInAs(other)).toBeNull();
  });

  it('answers an error from the provider with a message, not a 500', async () => {
    const c = open.client();
    const start = await c.get('/api/v1/auth/oidc/start');
    const state = new URL(start.headers.get('location')!).searchParams.get('state')!;
    const answer = await c.get(`${CALLBACK}?error=access_denied&state=${state}&iss=${idp.issuer}`);
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toBe('/login?sso_error=provider');
  });

  it('refuses a disabled account', async () => {
    const member = open.client();
    const account = await member.signUp();
    const who = person({ email: account.email });
    expect((await signIn(open, who, member)).answer.headers.get('location')).toBe('/dashboard');
    expect((await admin.patch(`/api/v1/admin/users/${account._id}`, { disabled: true })).status).toBe(200);
    const { c, answer } = await signIn(open, who);
    expect(answer.headers.get('location')).toBe('/login?sso_error=disabled');
    expect(await signedInAs(c)).toBeNull();
  });

  it('asks an account with two-factor on for its code before any session opens', async () => {
    const member = open.client();
    const account = await member.signUp();
    const { secret } = (await member.post('/api/v1/users/me/totp')).body.data;
    expect(
      (
        await member.post('/api/v1/users/me/totp/enable', {
          code: await generate({ secret, epoch: Math.floor(open.clock.now() / 1000) }),
        })
      ).status,
    ).toBe(200);

    // Linked from the account's own session, which already gave its code: no second one is asked.
    const who = person({ email: account.email });
    expect((await signIn(open, who, member)).answer.headers.get('location')).toBe('/dashboard');

    const { c, answer } = await signIn(open, who);
    expect(answer.headers.get('location')).toBe('/login?totp=required');
    expect(answer.headers.getSetCookie().some((s) => s.startsWith('cloudstash_totp='))).toBe(true);
    expect(answer.headers.getSetCookie().some((s) => s.startsWith('cloudstash_session='))).toBe(false);
    expect(await signedInAs(c)).toBeNull();

    const wrong = await c.post('/api/v1/users/login/totp', { code: '000000' });
    expect(wrong.status).toBe(401);
    // A code of the next step: the one used to enable two-factor cannot be replayed.
    const next = await generate({ secret, epoch: Math.floor(open.clock.now() / 1000) + 30 });
    const done = await c.post('/api/v1/users/login/totp', { code: next });
    expect(done.status).toBe(200);
    expect((await signedInAs(c))?._id).toBe(account._id);
  });

  describe('on an invite-only instance', () => {
    const startWith = (invite: string) => `/api/v1/auth/oidc/start?invite=${encodeURIComponent(invite)}`;
    const newInvite = async (c: TestClient) =>
      (await c.post('/api/v1/admin/invites')).body.data.url.split('invite=')[1] as string;
    beforeAll(async () => {
      expect((await admin.patch('/api/v1/admin/settings', { registration: 'invite' })).status).toBe(200);
    });
    afterAll(async () => {
      await admin.patch('/api/v1/admin/settings', { registration: 'open' });
    });

    it('refuses a new identity without an invite, and makes no account', async () => {
      const who = person();
      const { c, answer } = await signIn(open, who);
      expect(answer.headers.get('location')).toBe('/login?sso_error=invite_required');
      expect(await signedInAs(c)).toBeNull();
      const listed = await admin.get(`/api/v1/admin/users?q=${encodeURIComponent(who.email!)}`);
      expect(listed.body.meta.total).toBe(0);
    });

    it('registers a new identity with an invite carried through the provider, once', async () => {
      const invite = await newInvite(admin);
      const who = person({ name: 'Invited Person' });
      const { c, answer } = await signIn(open, who, undefined, startWith(invite));
      expect(answer.headers.get('location')).toBe('/dashboard');
      expect(await signedInAs(c)).toMatchObject({ email: who.email, name: 'Invited Person', role: 'user' });
      // The invite is spent: another new identity cannot use it.
      const second = await signIn(open, person(), undefined, startWith(invite));
      expect(second.answer.headers.get('location')).toBe('/login?sso_error=invite_invalid');
      expect(await signedInAs(second.c)).toBeNull();
      // The linked identity needs no invite to come back.
      expect((await signIn(open, who)).answer.headers.get('location')).toBe('/dashboard');
    });

    it('refuses an invite that is not one', async () => {
      const { c, answer } = await signIn(open, person(), undefined, startWith('x'.repeat(43)));
      expect(answer.headers.get('location')).toBe('/login?sso_error=invite_invalid');
      expect(await signedInAs(c)).toBeNull();
    });

    it('creates nothing with an invite where single sign-on makes no accounts', async () => {
      const linkAdmin = linkOnly.client();
      await linkAdmin.login(linkOnlyAdmin.email, strongPassword);
      expect((await linkAdmin.patch('/api/v1/admin/settings', { registration: 'invite' })).status).toBe(200);
      try {
        const invite = await newInvite(linkAdmin);
        const { answer } = await signIn(linkOnly, person(), undefined, startWith(invite));
        expect(answer.headers.get('location')).toBe('/login?sso_error=no_account');
        // The invite was not used up by the refusal.
        const registered = await linkOnly
          .client()
          .post('/api/v1/users/register', { ...newAccount(), invite });
        expect(registered.status).toBe(201);
      } finally {
        await linkAdmin.patch('/api/v1/admin/settings', { registration: 'open' });
      }
    });
  });
});

describe('single sign-on when no provider is configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
  });
  afterAll(() => t.close());

  it('says so to the login page and sends the start back to it with a message', async () => {
    const c = t.client();
    expect((await c.get('/api/v1/auth/providers')).body.data).toEqual({ oidc: null });
    const start = await c.get('/api/v1/auth/oidc/start');
    expect(start.status).toBe(302);
    expect(start.headers.get('location')).toBe('/login?sso_error=not_configured');
  });
});
