import crypto from 'node:crypto';

/**
 * The secrets of share links. A token is 32 random bytes (256 bits) in base64url. The database keeps its
 * SHA-256, which is what a visitor's token is looked up by, and a sealed copy (AES-256-GCM under a key derived
 * from the app secret) so the owner's list can show the address again: a stolen database alone opens no link.
 */
export class ShareLinkTokens {
  private readonly sealKey: Buffer;
  private readonly unlockKey: Buffer;
  private readonly addressKey: Buffer;

  constructor(secret: Buffer) {
    const derive = (info: string) =>
      Buffer.from(crypto.hkdfSync('sha256', secret, 'cloudstash share links', info, 32));
    this.sealKey = derive('token sealing');
    this.unlockKey = derive('unlock cookies');
    this.addressKey = derive('rate limit addresses');
  }

  newToken(): string {
    return crypto.randomBytes(32).toString('base64url');
  }

  hash(token: string): string {
    return crypto.createHash('sha256').update(token).digest('hex');
  }

  seal(token: string): string {
    const iv = crypto.randomBytes(12);
    const cipher = crypto.createCipheriv('aes-256-gcm', this.sealKey, iv);
    const sealed = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
  }

  /**
   * The token again, or undefined when it was sealed under another app secret (an instance moved without its
   * APP_SECRET): the link still works for whoever holds it, but its address can no longer be shown.
   */
  unseal(sealed: string): string | undefined {
    try {
      const bytes = Buffer.from(sealed, 'base64url');
      const decipher = crypto.createDecipheriv('aes-256-gcm', this.sealKey, bytes.subarray(0, 12));
      decipher.setAuthTag(bytes.subarray(12, 28));
      return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
    } catch {
      return undefined;
    }
  }

  private unlockSignature(linkId: string, expires: number): string {
    return crypto
      .createHmac('sha256', this.unlockKey)
      .update(`unlock\n${linkId}\n${expires}`)
      .digest('base64url');
  }

  /** The value of a link's unlock cookie: proof that this browser gave the password, until `expires`. */
  unlockProof(linkId: string, expires: number): string {
    return `${expires}.${this.unlockSignature(linkId, expires)}`;
  }

  isUnlocked(linkId: string, proof: string | undefined, now: number): boolean {
    if (!proof) return false;
    const [expiresText, signature] = proof.split('.');
    const expires = Number(expiresText);
    if (!signature || !Number.isSafeInteger(expires) || expires <= now) return false;
    const expected = Buffer.from(this.unlockSignature(linkId, expires));
    const given = Buffer.from(signature);
    return expected.length === given.length && crypto.timingSafeEqual(expected, given);
  }

  /** A keyed hash of a client address: enough to count its wrong passwords, never the address itself. */
  addressKeyOf(address: string): string {
    return crypto.createHmac('sha256', this.addressKey).update(address).digest('hex').slice(0, 32);
  }
}
