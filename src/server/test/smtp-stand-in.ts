import { once } from 'node:events';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type SmtpMode = 'accept' | 'refuse';

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  headers: ParsedMail['headers'];
  /** A header as it was sent (unparsed), e.g. `header('list-unsubscribe')`. */
  header(name: string): string | undefined;
  attachments: ParsedMail['attachments'];
  messageId: string | undefined;
}

export interface SmtpStandIn {
  /** `smtp://…` for SMTP_URL. */
  url: string;
  port: number;
  received: ReceivedMail[];
  /** `accept` delivers; `refuse` answers every message with a temporary failure (451). */
  set(mode: SmtpMode): void;
  /** Answers each message this long after it arrives, as a slow server does (0: at once). */
  answerAfter(ms: number): void;
  /**
   * The mail to this address so far (only those whose subject matches `subject`, when given), waiting up
   * to `timeoutMs` for at least `count` of them.
   */
  mailTo(address: string, options?: { count?: number; timeoutMs?: number; subject?: RegExp }): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

/** A real SMTP server on localhost (the `smtp-server` package) that keeps what it receives. */
/** The confirmation every sign-up brings: a suite about other messages sets it aside (`ignoring`). */
export const signUpConfirmation = /^Confirm your email address/;

/**
 * `port`: a given port (to come back where an earlier one was), or any free one. `ignoring`: mail whose
 * subject matches is accepted but not kept (a suite about other messages is not about the sign-up's).
 */
export async function startSmtpStandIn(port = 0, options: { ignoring?: RegExp } = {}): Promise<SmtpStandIn> {
  let mode: SmtpMode = 'accept';
  let answerAfterMs = 0;
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(_auth, _session, callback) {
      callback(null, { user: 'test' });
    },
    onData(stream, session, reply) {
      const callback = (error?: Error | null) => setTimeout(() => reply(error), answerAfterMs);
      if (mode === 'refuse') {
        stream.resume();
        stream.on('end', () => callback(Object.assign(new Error('Mailbox temporarily unavailable'), { responseCode: 451 })));
        return;
      }
      simpleParser(stream).then(
        (mail) => {
          if (options.ignoring?.test(mail.subject ?? '')) {
            callback();
            return;
          }
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            html: typeof mail.html === 'string' ? mail.html : '',
            headers: mail.headers,
            header: (name) =>
              mail.headerLines
                .find((line) => line.key === name.toLowerCase())
                ?.line.replace(/^[^:]+:\s*/, '')
                .replace(/\r?\n\s+/g, ' '),
            attachments: mail.attachments,
            messageId: mail.messageId,
          });
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  server.listen(port, '127.0.0.1');
  await once(server.server, 'listening');
  const address = server.server.address();
  if (!address || typeof address === 'string') throw new Error('the SMTP stand-in is not listening');
  return {
    url: `smtp://test:secret@127.0.0.1:${address.port}`,
    port: address.port,
    received,
    set(next) {
      mode = next;
    },
    answerAfter(ms) {
      answerAfterMs = ms;
    },
    async mailTo(to, { count = 1, timeoutMs = 10_000, subject } = {}) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mail = received.filter((m) => m.to.includes(to.toLowerCase()) && (!subject || subject.test(m.subject)));
        if (mail.length >= count || Date.now() > deadline) return mail;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
