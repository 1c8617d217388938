import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';

/** One mail as the SMTP server receives it: one recipient, a subject free of line breaks, two bodies. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * Why a mail was not taken: `answer` is the SMTP server's own reply (or why it could not be reached), and
 * `permanent` says whether the server refused it for good (a 5xx reply) rather than for now (a 4xx reply, no
 * connection, a timeout), which is worth trying again.
 */
export class MailNotTaken extends Error {
  constructor(
    readonly answer: string,
    readonly permanent: boolean,
  ) {
    super(answer);
  }
}

/** Each step of an SMTP conversation waits at most this long; well inside a job's lease. */
const STEP_TIMEOUT_MS = 20_000;

/**
 * The SMTP server of SMTP_URL, through nodemailer: smtp:// upgrades with STARTTLS whenever the server offers it
 * (nodemailer's default), smtps:// speaks TLS from the first byte. The user and password are the URL's,
 * percent-decoded. A connection per mail: mails are few, and nothing is held open between them.
 */
export class MailTransport {
  private readonly transporter: Transporter<SMTPTransport.SentMessageInfo>;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.transporter = nodemailer.createTransport(smtpOptions(smtpUrl));
  }

  /** Hands the mail to the SMTP server; throws MailNotTaken when it is not taken, whatever the reason. */
  async send(mail: OutgoingMail): Promise<void> {
    try {
      await this.transporter.sendMail({
        from: this.from,
        // An address object, never a string nodemailer would parse for display names and lists.
        to: { name: '', address: mail.to },
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        // Nothing that would let the server or a client correlate mails beyond what SMTP needs.
        disableUrlAccess: true,
        disableFileAccess: true,
      });
    } catch (error) {
      throw notTaken(error);
    }
  }
}

function smtpOptions(smtpUrl: string): SMTPTransport.Options {
  const url = new URL(smtpUrl);
  const secure = url.protocol === 'smtps:';
  return {
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    ...(url.username && {
      auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) },
    }),
    connectionTimeout: STEP_TIMEOUT_MS,
    greetingTimeout: STEP_TIMEOUT_MS,
    socketTimeout: STEP_TIMEOUT_MS,
    dnsTimeout: STEP_TIMEOUT_MS,
  };
}

function notTaken(error: unknown): MailNotTaken {
  const e = error as { responseCode?: number; response?: string; message?: string };
  const answer = (e.response || e.message || String(error)).slice(0, 1000);
  const code = typeof e.responseCode === 'number' ? e.responseCode : 0;
  return new MailNotTaken(answer, code >= 500 && code < 600);
}
