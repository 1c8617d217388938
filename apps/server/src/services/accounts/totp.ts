import crypto from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import { ACCOUNT_MESSAGES, RECOVERY_CODE_COUNT, type TotpSetup, type TotpStatus } from '@cloudstash/contract';
import type { Db } from '../../db/connect';
import { inTransaction } from '../../db/executor';
import { AppError } from '../../errors';
import * as totp from '../../repositories/totp';
import { hashToken, type Viewer } from '../sessions';
import type { Throttle } from '../throttle';
import { fieldError } from './errors';
import { isoNow, type Clock } from '../clock';

const PERIOD_SECONDS = 30;
const ISSUER = 'CloudStash';

/** Recovery codes: 80 random bits as four groups of four base32 letters, compared without case or dashes. */
function newRecoveryCode(): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz234567';
  const bytes = crypto.randomBytes(16);
  const letters = [...bytes].map((b) => alphabet[b % 32]).join('');
  return letters.match(/.{4}/g)!.join('-');
}
const normaliseRecoveryCode = (code: string) => code.toLowerCase().replace(/[^a-z2-7]/g, '');
const looksLikeTotp = (code: string) => /^\d{6}$/.test(code.replace(/\s/g, ''));

/**
 * Two-factor sign-in with an authenticator app (TOTP, RFC 6238: SHA-1, 6 digits, 30-second steps). A code of
 * the current step or one step either side is accepted, once: the last accepted step is stored per account and
 * a code of that step or an earlier one is refused, so a code seen over a shoulder cannot be replayed. Wrong
 * codes count towards a lockout like wrong passwords.
 */
export class Totp {
  constructor(
    private readonly db: Db,
    private readonly throttle: Throttle,
    private readonly clock: Clock,
  ) {}

  async status(viewer: Viewer): Promise<TotpStatus> {
    const row = await totp.findTotp(this.db, viewer.id);
    if (!row?.secret) return { enabled: false, recoveryCodesLeft: 0 };
    return { enabled: true, recoveryCodesLeft: await totp.countUnusedRecoveryCodes(this.db, viewer.id) };
  }

  async isEnabled(userId: string): Promise<boolean> {
    return Boolean((await totp.findTotp(this.db, userId))?.secret);
  }

  /** A new secret, pending until a code from it confirms it; asking again replaces the pending one. */
  async beginSetup(viewer: Viewer): Promise<TotpSetup> {
    if (await this.isEnabled(viewer.id)) throw new AppError('CONFLICT', ACCOUNT_MESSAGES.totpAlreadyEnabled);
    const secret = generateSecret();
    await totp.savePendingSecret(this.db, viewer.id, secret);
    const otpauthUrl = generateURI({ issuer: ISSUER, label: viewer.user.email, secret });
    return { secret, otpauthUrl };
  }

  /** Confirms the pending secret with a code from it; answers the 10 recovery codes, shown this once. */
  async enable(viewer: Viewer, code: string): Promise<string[]> {
    const row = await totp.findTotp(this.db, viewer.id);
    if (row?.secret) throw new AppError('CONFLICT', ACCOUNT_MESSAGES.totpAlreadyEnabled);
    if (!row?.pending_secret) throw new AppError('CONFLICT', ACCOUNT_MESSAGES.totpNoPendingSetup);
    const step = await this.matchingStep(row.pending_secret, code, null);
    if (step === null) throw fieldError('code', ACCOUNT_MESSAGES.totpCodeInvalid);
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await inTransaction(this.db, async (trx) => {
      if (!(await totp.confirmSecret(trx, viewer.id, row.pending_secret!, step, isoNow(this.clock)))) {
        throw new AppError('CONFLICT', ACCOUNT_MESSAGES.totpNoPendingSetup);
      }
      await totp.replaceRecoveryCodes(
        trx,
        viewer.id,
        codes.map((c) => hashToken(normaliseRecoveryCode(c))),
      );
    });
    return codes;
  }

  async disable(viewer: Viewer, code: string): Promise<void> {
    if (!(await this.isEnabled(viewer.id))) throw new AppError('CONFLICT', ACCOUNT_MESSAGES.totpNotEnabled);
    if (!(await this.check(viewer.id, code))) throw fieldError('code', ACCOUNT_MESSAGES.totpCodeInvalid);
    await totp.deleteTotp(this.db, viewer.id);
  }

  /**
   * True when `code` is a fresh TOTP code or an unused recovery code of the account (using it up). Every code
   * is counted before it is checked, so a burst cannot outrun the lockout: past the limit, 429 until the
   * window ends. A right code clears the count.
   */
  async check(userId: string, code: string): Promise<boolean> {
    const row = await totp.findTotp(this.db, userId);
    if (!row?.secret) return false;
    await this.throttle.take('totpPerAccount', userId);
    let accepted = false;
    if (looksLikeTotp(code)) {
      const step = await this.matchingStep(row.secret, code, row.last_step);
      accepted = step !== null && (await totp.claimStep(this.db, userId, step));
    } else {
      const normalised = normaliseRecoveryCode(code);
      accepted =
        normalised.length === 16 &&
        (await totp.useRecoveryCode(this.db, userId, hashToken(normalised), isoNow(this.clock)));
    }
    if (accepted) await this.throttle.reset('totpPerAccount', userId);
    return accepted;
  }

  /** The time step `code` belongs to (now, or one step either side), if it is later than `afterStep`. */
  private async matchingStep(secret: string, code: string, afterStep: number | null): Promise<number | null> {
    const token = code.replace(/\s/g, '');
    if (!/^\d{6}$/.test(token)) return null;
    const result = await verify({
      secret,
      token,
      epoch: Math.floor(this.clock.now() / 1000),
      period: PERIOD_SECONDS,
      epochTolerance: PERIOD_SECONDS,
      ...(afterStep !== null && { afterTimeStep: afterStep }),
    });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  }
}
