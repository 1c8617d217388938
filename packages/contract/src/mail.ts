import { z } from 'zod';
import { emailField } from './schemas';

/**
 * Mail over SMTP: forgot password, and what Instance Settings shows of the outbox. Every path is under /api/v1;
 * each schema below names the path it belongs to. Without SMTP_URL the instance offers no mail: GET /config then
 * has no `mail`, and these answer 404 with `mailOff`.
 */

/** How long a mailed password reset link works (once). */
export const MAILED_RESET_LINK_TTL_MS = 30 * 60_000;

export const MAIL_MESSAGES = {
  mailOff: 'This instance sends no mail. Ask an administrator for a reset link.',
  forgotPasswordSent:
    'If an account has this address, a link to choose a new password is on its way. It works once, for 30 minutes.',
  mailStatusFetched: 'Mail status fetched successfully',
  testMailSent: 'Test email sent',
  testMailFailed: 'The SMTP server did not take the test email',
} as const;

/** POST /users/password/forgot (public): answers 202 `{ message: forgotPasswordSent }` for any address. */
export const forgotPasswordBodySchema = z.object({ email: emailField });
export type ForgotPasswordBody = z.input<typeof forgotPasswordBodySchema>;

/** GET /admin/mail: whether mail is configured, and what waits in the outbox or failed there. */
export const mailStatusSchema = z.object({
  configured: z.boolean(),
  /** The sender every mail has (MAIL_FROM); absent when mail is off. */
  from: z.string().optional(),
  pending: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
  /** The failure most recently recorded: to whom, the SMTP server's own answer, and when. */
  latestFailure: z.object({ recipient: z.string(), error: z.string(), at: z.string() }).nullable(),
});
export type MailStatus = z.infer<typeof mailStatusSchema>;

/**
 * POST /admin/mail/test: sends a test mail to the administrator's own address at once, within a time limit.
 * 200 `{ message: testMailSent, data: { ok: true } }`, or 200 `{ message: testMailFailed, data: { ok: false,
 * error } }` with the SMTP server's answer (or why it could not be reached).
 */
export const testMailResultSchema = z.object({
  ok: z.boolean(),
  to: z.string(),
  error: z.string().optional(),
});
export type TestMailResult = z.infer<typeof testMailResultSchema>;
