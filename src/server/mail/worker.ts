import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { MailSettings } from '../config.ts';
import type { Database } from '../db/client.ts';
import { readSiteSettings } from '../features/site/settings.ts';
import { type Attachment, claimDue, markFailed, markSent, type OutboxRow } from './outbox.ts';

/** Every http(s) link in a message's text: what the log line gives an operator without SMTP. */
export function linksIn(text: string): string[] {
  return [...new Set(text.match(/https?:\/\/[^\s<>")\]]+/g) ?? [])];
}

/**
 * Sends what the outbox holds: claims due messages (one instance per message), sends each through
 * SMTP and records the outcome; a refused or unreachable server leaves the message queued for a
 * retry with a growing wait. Without SMTP_URL each message is written to the log, once, as a JSON line
 * with its recipient, subject and links, and kept in the outbox as 'logged'.
 */
export class OutboxWorker {
  private readonly transport: Transporter | undefined;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;
  private readonly host: string;
  /**
   * A failure to read the outbox: logged, unless something else (the database outage watch) takes it,
   * so an outage is one event in the log rather than a line each second.
   */
  onReadFailure: (err: unknown) => void = (err) => this.log.warn({ err }, 'outbox: could not read the messages due');

  constructor(
    private readonly db: Database,
    private readonly settings: MailSettings,
    private readonly log: FastifyBaseLogger,
    publicUrl: string,
  ) {
    this.host = new URL(publicUrl).hostname;
    this.transport = settings.smtpUrl
      ? nodemailer.createTransport({
          url: settings.smtpUrl,
          // A server that stalls must not hold the worker: it retries later.
          connectionTimeout: 10_000,
          greetingTimeout: 10_000,
          socketTimeout: 20_000,
        } as Parameters<typeof nodemailer.createTransport>[0])
      : undefined;
  }

  start() {
    this.timer = setInterval(() => this.kick(), this.settings.pollMs);
    this.timer.unref();
    this.kick();
  }

  /** Looks for due messages now (after a message is queued), or right after the current round. */
  kick() {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain()
      .catch((err: unknown) => this.onReadFailure(err))
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  async stop() {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running;
    this.transport?.close();
  }

  private async drain() {
    for (;;) {
      const batch = await claimDue(this.db, 10);
      if (batch.length === 0) return;
      const from = await this.sender();
      for (const row of batch) {
        if (this.stopped) return;
        await this.deliver(row, from);
      }
    }
  }

  /** MAIL_FROM, or no-reply under the organisation's name as its settings say now (nodemailer quotes it). */
  private async sender(): Promise<string | { name: string; address: string }> {
    if (this.settings.from) return this.settings.from;
    if (!this.transport) return this.settings.senderAddress;
    const { name } = await readSiteSettings(this.db);
    return { name, address: this.settings.senderAddress };
  }

  private async deliver(row: OutboxRow, from: string | { name: string; address: string }) {
    if (!this.transport) {
      this.log.info(
        { outbox: { id: row.id, kind: row.kind, to: row.to, subject: row.subject, links: linksIn(row.text) } },
        'message not sent (no SMTP_URL): written here instead',
      );
      await markSent(this.db, row.id, 'logged');
      return;
    }
    try {
      await this.transport.sendMail({
        from,
        to: row.to,
        subject: row.subject,
        html: row.html,
        text: row.text,
        // The same Message-ID on every try: a receiver that got an earlier try can tell it is the same message.
        messageId: `<${row.id}@${this.host}>`,
        headers: JSON.parse(row.headers) as Record<string, string>,
        attachments: (JSON.parse(row.attachments) as Attachment[]).map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          content: Buffer.from(a.content, 'base64'),
          ...(a.cid ? { cid: a.cid } : {}),
        })),
      });
      await markSent(this.db, row.id, 'sent');
      this.log.info({ outbox: { id: row.id, kind: row.kind, attempts: row.attempts } }, 'message sent');
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      await markFailed(this.db, row, message, this.settings.retryDelaysS);
      this.log.warn(
        { outbox: { id: row.id, kind: row.kind, attempts: row.attempts }, reason: message },
        'message not sent yet: will retry',
      );
    }
  }
}
