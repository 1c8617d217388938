import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { OidcFlowSeal, type OidcFlow } from '../../src/services/accounts/oidc/flow-seal';

const flow = (expires = Date.now() + 60_000): OidcFlow => ({
  state: 'state-value-abc',
  nonce: 'nonce-value-def',
  codeVerifier: 'verifier-value-ghi',
  redirectUri: 'https://files.example.com/api/v1/auth/oidc/callback',
  expires,
});

describe('the sealed single sign-on flow cookie', () => {
  const secret = crypto.randomBytes(32);

  it('opens what it sealed, on any instance holding the same secret, and hides every value', () => {
    const sealed = new OidcFlowSeal(secret).seal(flow());
    expect(new OidcFlowSeal(secret).open(sealed, Date.now())).toMatchObject({ state: 'state-value-abc' });
    const readable = Buffer.from(sealed, 'base64url').toString('latin1');
    for (const value of ['state-value', 'nonce-value', 'verifier-value', 'files.example.com']) {
      expect(readable).not.toContain(value);
    }
  });

  it('refuses a value sealed under another secret, altered in any byte, cut short, or expired', () => {
    const seal = new OidcFlowSeal(secret);
    const sealed = seal.seal(flow());
    expect(new OidcFlowSeal(crypto.randomBytes(32)).open(sealed, Date.now())).toBeNull();
    const raw = Buffer.from(sealed, 'base64url');
    for (const at of [0, 13, raw.length - 1]) {
      const altered = Buffer.from(raw);
      altered[at] = altered[at]! ^ 1;
      expect(seal.open(altered.toString('base64url'), Date.now())).toBeNull();
    }
    expect(seal.open(sealed.slice(0, 20), Date.now())).toBeNull();
    expect(seal.open(undefined, Date.now())).toBeNull();
    expect(seal.open('x'.repeat(5000), Date.now())).toBeNull();
    const expires = Date.now() + 1000;
    const short = seal.seal(flow(expires));
    expect(seal.open(short, expires - 1)).not.toBeNull();
    expect(seal.open(short, expires)).toBeNull();
  });
});
