import type net from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';

/** One mail as it arrived: the raw message (headers as sent) and mailparser's reading of it. */
export interface ArrivedMail {
  raw: string;
  parsed: ParsedMail;
  to: string[];
}

/** How the sink answers a mail: takes it, or refuses it with an SMTP reply code and text. */
export type SinkAnswer = { take: true } | { code: number; text: string };

/**
 * A real SMTP server on a free loopback port (the smtp-server package: a real SMTP conversation), keeping every
 * mail it takes. It can refuse mails with a chosen reply, and stop and start again on the same port (an SMTP
 * server that is down for a while). No TLS: the conversation stays on loopback.
 */
export interface SmtpSink {
  port: number;
  url: string;
  mails: ArrivedMail[];
  /** How the next mails are answered (taken, unless set). */
  answerWith(answer: SinkAnswer): void;
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

/** Listens on `port` of 127.0.0.1, or on a free one with 0. */
export async function startSmtpSink(port = 0): Promise<SmtpSink> {
  const mails: ArrivedMail[] = [];
  let answer: SinkAnswer = { take: true };
  const options: SMTPServerOptions = {
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (!('take' in answer)) {
          const refusal = Object.assign(new Error(answer.text), { responseCode: answer.code });
          callback(refusal);
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        simpleParser(raw).then(
          (parsed) => {
            mails.push({ raw, parsed, to: session.envelope.rcptTo.map((r) => r.address) });
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  };
  let server = new SMTPServer(options);
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve((server.server.address() as net.AddressInfo).port));
    });
  const bound = await listen(port);
  const stop = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return {
    port: bound,
    url: `smtp://127.0.0.1:${bound}`,
    mails,
    answerWith: (next) => (answer = next),
    stop,
    start: async () => {
      server = new SMTPServer(options);
      await listen(bound);
    },
    close: stop,
  };
}
