import type { IdpPerson, TestIdp } from './oidc-idp';
import { TestClient } from './test-client';

/**
 * Starts a single sign-on with `client` (one browser's CloudStash cookies), signs in at the provider as
 * `person` (with a cookie jar of its own, as the browser keeps per site), and answers the callback URL the
 * provider redirects back to, not yet followed, so a test can follow it as it is or tampered with. `startPath`
 * may carry a query (an invite).
 */
export async function signInAtIdp(
  client: TestClient,
  idp: TestIdp,
  person: IdpPerson,
  startPath = '/api/v1/auth/oidc/start',
): Promise<URL> {
  const start = await client.get(startPath);
  if (start.status !== 302) throw new Error(`start answered ${start.status}`);
  const atProvider = new TestClient(idp.issuer);
  const authorize = await atProvider.get(start.headers.get('location')!);
  const interaction = authorize.headers.get('location');
  if (!interaction) throw new Error(`authorize answered ${authorize.status}: ${authorize.bytes.toString()}`);
  const form = new URLSearchParams({ sub: person.sub, email: person.email ?? '', name: person.name ?? '' });
  if (person.emailVerified) form.set('email_verified', 'true');
  const submitted = await atProvider.request('POST', interaction, {
    body: form.toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  let location = submitted.headers.get('location');
  // The provider resumes the authorization, which redirects back to CloudStash with the code.
  while (location && new URL(location, idp.issuer).origin === idp.issuer) {
    location = (await atProvider.get(location)).headers.get('location');
  }
  if (!location) throw new Error('the provider did not redirect back');
  return new URL(location);
}
