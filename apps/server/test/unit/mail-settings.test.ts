import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config';

const mail = (env: Record<string, string>) => loadConfig({ DATA_DIR: '/tmp/cloudstash-config', ...env }).mail;
const sending = {
  SMTP_URL: 'smtp://user:secret@mail.example.com:587',
  MAIL_FROM: 'CloudStash <files@example.com>',
  PUBLIC_ORIGIN: 'https://files.example.com',
};

describe('mail settings', () => {
  it('are off without SMTP_URL, and a sender alone is refused', () => {
    expect(mail({})).toBeUndefined();
    expect(() => mail({ MAIL_FROM: sending.MAIL_FROM })).toThrow(/^Invalid setting MAIL_FROM/);
  });

  it('take smtp:// and smtps:// URLs with a sender and a public origin', () => {
    expect(mail(sending)).toEqual({ smtpUrl: sending.SMTP_URL, from: sending.MAIL_FROM });
    expect(mail({ ...sending, SMTP_URL: 'smtps://relay.example.com:465' })?.smtpUrl).toBe(
      'smtps://relay.example.com:465',
    );
  });

  it('stop the server with one line naming the setting that is wrong', () => {
    const refused = (env: Record<string, string>, name: string) => {
      expect(() => mail(env)).toThrow(ConfigError);
      expect(() => mail(env)).toThrow(new RegExp(`^Invalid setting ${name}[=:][^\\n]*$`));
    };
    refused({ ...sending, SMTP_URL: 'http://mail.example.com' }, 'SMTP_URL');
    refused({ ...sending, SMTP_URL: 'smtp://' }, 'SMTP_URL');
    refused({ ...sending, MAIL_FROM: '' }, 'MAIL_FROM');
    refused({ ...sending, MAIL_FROM: 'nobody' }, 'MAIL_FROM');
    refused({ ...sending, MAIL_FROM: 'files@example.com\r\nBcc: x@example.com' }, 'MAIL_FROM');
    // Links in mails are built from PUBLIC_ORIGIN only, so an instance that mails cannot start without it.
    refused({ SMTP_URL: sending.SMTP_URL, MAIL_FROM: sending.MAIL_FROM }, 'PUBLIC_ORIGIN');
  });
});
