import crypto from 'node:crypto';
import type { MailStatus, TestMailResult } from '@cloudstash/contract';
import type { Db } from '../../db/connect';
import { inTransaction, type Executor } from '../../db/executor';
import * as outbox from '../../repositories/mail-outbox';
import type { MailRow } from '../../repositories/mail-outbox';
import { isoNow, type Clock } from '../clock';
import type { Job, JobQueue } from '../jobs/queue';
import { writeMail, type MailContent } from './message';
import { MailNotTaken, type MailTransport } from './transport';

/** The job kind that sends one outbox mail; its key is `{mail id}:{attempt}`. */
export const MAIL_JOB = 'mail';

/**
 * Writes a mail of one kind at sending time, from what was queued: its address and content, or null when there
 * is nothing to send after all (a forgot-password request for an address no account has). Writing late keeps
 * secrets out of the outbox: a reset link's token exists only in the mail and, hashed, in its own table.
 */
export type MailComposer = (mail: {
  recipient: string;
  payload: unknown;
}) => Promise<(MailContent & { to: string }) | null>;

/** The first retry waits this long, each later one twice as long as the one before, up to RETRY_MAX_MS. */
const RETRY_FIRST_MS = 30_000;
const RETRY_MAX_MS = 60 * 60_000;
/** A mail the SMTP server has not taken for this long is failed with its last answer. */
const GIVE_UP_AFTER_MS = 24 * 60 * 60_000;
/** How long an administrator's test mail may take, every step of the SMTP conversation included. */
const TEST_MAIL_LIMIT_MS = 30_000;

export const retryDelayMs = (failures: number) =>
  Math.min(RETRY_FIRST_MS * 2 ** (failures - 1), RETRY_MAX_MS);

/**
 * The outbox: a mail is a row written in the transaction of what causes it, and a `mail` job sends it later
 * through the job worker, so a request never waits on SMTP and never fails because of it, and a mail is never
 * lost to a crash or an SMTP server that is down. The job's lease keeps each mail to one sender at a time,
 * across processes; each retry is a new job, due after a back-off, for a day. Without SMTP_URL nothing is queued.
 */
export class MailOutbox {
  private readonly composers = new Map<string, MailComposer>();

  constructor(
    private readonly db: Db,
    private readonly jobs: JobQueue,
    private readonly transport: MailTransport | null,
    private readonly config: { publicOrigin?: string; mail?: { from: string } },
    private readonly clock: Clock,
  ) {}

  /** Whether this instance sends mail at all (SMTP_URL is set). */
  get enabled(): boolean {
    return this.transport !== null;
  }

  /** Says how mails of `kind` are written; each kind is defined once, by the service it belongs to. */
  define(kind: string, composer: MailComposer): void {
    if (this.composers.has(kind)) throw new Error(`mail kind ${kind} is defined twice`);
    this.composers.set(kind, composer);
  }

  /**
   * Queues a mail with `db`, the caller's transaction: it exists exactly when what causes it commits. Nothing
   * happens when mail is off. `payload` is what the kind's composer reads (JSON).
   */
  async queue(db: Executor, mail: { kind: string; recipient: string; payload?: unknown }): Promise<void> {
    if (!this.transport) return;
    if (!this.composers.has(mail.kind)) throw new Error(`mail kind ${mail.kind} is not defined`);
    const id = crypto.randomUUID();
    await outbox.insertMail(db, {
      id,
      kind: mail.kind,
      recipient: mail.recipient,
      payload: JSON.stringify(mail.payload ?? {}),
      created_at: isoNow(this.clock),
    });
    await this.enqueueAttempt(db, id, 1, 0);
  }

  /** The `mail` job's handler: writes the mail and hands it to the SMTP server, or schedules the next try. */
  async send(job: Job): Promise<void> {
    const id = job.key.slice(0, job.key.lastIndexOf(':'));
    const row = await outbox.findMail(this.db, id);
    if (!row || row.state !== 'pending') return;
    if (!this.transport) throw new Error('this server has no SMTP_URL: another process may send the mail');
    const composer = this.composers.get(row.kind);
    if (!composer) throw new Error(`mail kind ${row.kind} is not defined here`);
    const content = await composer({ recipient: row.recipient, payload: JSON.parse(row.payload) });
    if (!content) {
      await this.record(row, 'dropped', null);
      return;
    }
    try {
      await this.transport.send({ to: content.to, ...writeMail(content, this.instance()) });
    } catch (error) {
      if (!(error instanceof MailNotTaken)) throw error;
      await this.notTaken(row, error);
      return;
    }
    await this.record(row, 'sent', null);
  }

  /** What Instance Settings shows: whether mail is on, and what waits or failed in the outbox. */
  async status(): Promise<MailStatus> {
    const summary = await outbox.outboxSummary(this.db);
    const failure = summary.latestFailure;
    return {
      configured: this.enabled,
      ...(this.config.mail && { from: this.config.mail.from }),
      pending: summary.pending,
      failed: summary.failed,
      latestFailure: failure
        ? { recipient: failure.recipient, error: failure.last_error ?? '', at: failure.updated_at }
        : null,
    };
  }

  /**
   * Sends a test mail to `to` now, not through the outbox: an administrator asked for it and waits for the
   * answer, which is the SMTP server's own when it refuses (or why it could not be reached), within a limit.
   */
  async sendTest(to: string): Promise<TestMailResult> {
    if (!this.transport) return { ok: false, to, error: 'SMTP_URL is not set' };
    const mail = writeMail(
      {
        subject: 'CloudStash test email',
        paragraphs: [
          'This is a test email from CloudStash. Mail from this instance reaches this address.',
          'You asked for it in Instance Settings; nothing else needs doing.',
        ],
      },
      this.instance(),
    );
    let timer: NodeJS.Timeout | undefined;
    const limit = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new MailNotTaken(`no answer within ${TEST_MAIL_LIMIT_MS / 1000} seconds`, false)),
        TEST_MAIL_LIMIT_MS,
      );
    });
    try {
      await Promise.race([this.transport.send({ to, ...mail }), limit]);
      return { ok: true, to };
    } catch (error) {
      return { ok: false, to, error: error instanceof Error ? error.message : String(error) };
    } finally {
      clearTimeout(timer);
    }
  }

  /** A 5xx answer fails the mail for good; anything else is tried again later, until a day has passed. */
  private async notTaken(row: MailRow, error: MailNotTaken): Promise<void> {
    const failures = row.attempts + 1;
    const delay = retryDelayMs(failures);
    const age = this.clock.now() - Date.parse(row.created_at);
    if (error.permanent || age + delay > GIVE_UP_AFTER_MS) {
      await this.record(row, 'failed', error.answer);
      return;
    }
    await inTransaction(this.db, async (trx) => {
      const still = await outbox.recordAttempt(trx, row.id, {
        state: 'pending',
        error: error.answer,
        now: isoNow(this.clock),
      });
      if (still) await this.enqueueAttempt(trx, row.id, failures + 1, delay);
    });
  }

  private record(row: MailRow, state: 'sent' | 'failed' | 'dropped', error: string | null) {
    return outbox.recordAttempt(this.db, row.id, { state, error, now: isoNow(this.clock) });
  }

  /**
   * One job per attempt, keyed by the attempt's number, so a retry is a fresh job with its own due time. Each
   * mail counts as an account of its own for the workers' fair share: mails never wait behind thumbnails of
   * the instance, nor behind each other.
   */
  private enqueueAttempt(db: Executor, id: string, attempt: number, delayMs: number) {
    return this.jobs.enqueueWith(db, {
      kind: MAIL_JOB,
      key: `${id}:${attempt}`,
      owner: `mail:${id}`,
      delayMs,
    });
  }

  private instance() {
    // Configuration refuses SMTP_URL without PUBLIC_ORIGIN, so a transport always has an origin beside it.
    return { origin: this.config.publicOrigin! };
  }
}
