import crypto from 'node:crypto';

/** What the browser carries from the start of a single sign-on to its callback. */
export interface OidcFlow {
  state: string;
  nonce: string;
  codeVerifier: string;
  redirectUri: string;
  /** The invite a first sign-in registers with on an invite-only instance (from the invite's page). */
  invite?: string;
  /** Epoch milliseconds after which the callback is refused. */
  expires: number;
}

/** How long a person has at the provider between leaving and coming back. */
export const OIDC_FLOW_TTL_MS = 10 * 60_000;

/**
 * Seals the flow into a cookie value with AES-256-GCM under a key derived from the instance secret: the browser
 * can neither read the PKCE verifier nor change the state it will be compared with, and any process of the
 * deployment can open it (no row, no shared memory).
 */
export class OidcFlowSeal {
  private readonly key: Buffer;

  constructor(secret: Buffer) {
    this.key = crypto.createHmac('sha256', secret).update('oidc-flow-cookie').digest();
  }

  seal(flow: OidcFlow): string {
    const iv = crypto.randomBytes(12);
    const cipher = crypto.createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(JSON.stringify(flow), 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
  }

  /** The flow, or null when the value is missing, forged, altered or expired by `now` (the services' clock). */
  open(value: string | undefined, now: number): OidcFlow | null {
    if (!value || value.length > 2000) return null;
    const raw = Buffer.from(value, 'base64url');
    if (raw.length < 29) return null;
    try {
      const decipher = crypto.createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      const text = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
      const flow = JSON.parse(text) as OidcFlow;
      return flow.expires > now ? flow : null;
    } catch {
      return null;
    }
  }
}
