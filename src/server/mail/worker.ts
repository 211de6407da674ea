import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { MailSettings } from '../config.ts';
import type { Database } from '../db/client.ts';
import { readSiteSettings } from '../features/site/settings.ts';
import { recipientLanguage } from './language.ts';
import {
  type Attachment,
  CLAIM_SECONDS,
  claimDue,
  markFailed,
  markSent,
  markUnwritable,
  markWritten,
  type OutboxRow,
  releaseClaims,
  renewClaims,
} from './outbox.ts';
import { writeQueued } from './registry.ts';
import type { SigningSite } from './unsubscribe.ts';

/**
 * What the database says on `hh_data_changed` when a message becomes due to send (queued, or queued
 * again): migration 0019. The app wakes the worker then, in every instance, at the commit that queued it.
 */
export const OUTBOX_DUE = 'outbox_due';

/** Every http(s) link in a message's text: what the log line gives an operator without SMTP. */
export function linksIn(text: string): string[] {
  return [...new Set(text.match(/https?:\/\/[^\s<>")\]]+/g) ?? [])];
}

/**
 * Sends what the outbox holds: claims due messages (one instance per message), writes each queued
 * with its template's input (once, kept on the row), sends each through SMTP and records the outcome;
 * a refused or unreachable server leaves the message queued for a retry with a growing wait. Without
 * SMTP_URL each message is written to the log, once, as a JSON line with its recipient, subject and
 * links, and kept in the outbox as 'logged'. Its claims are renewed while it works and given back when
 * it stops: a deploy delays no message, a crash delays them by one claim at most.
 */
export class OutboxWorker {
  private readonly transport: Transporter | undefined;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;
  private readonly host: string;
  /** Messages claimed and not yet finished: renewed while held, given back on stop. */
  private readonly held = new Set<string>();
  private renewal: NodeJS.Timeout | undefined;
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
    /** The site as messages name it, with the secret that signs their links: read when a message is written. */
    private readonly site: () => Promise<SigningSite>,
    private readonly claimSeconds = CLAIM_SECONDS,
  ) {
    this.host = new URL(publicUrl).hostname;
    this.transport = settings.smtpUrl
      ? nodemailer.createTransport({
          url: settings.smtpUrl,
          // Connections kept open between messages: a new one for each (greeting, EHLO, AUTH) took
          // ~100 ms of a message's ~110 ms to a local server, and a message to an event's 2,000 people
          // went out at 9 a second; kept open, a message takes ~1.5 ms to hand over.
          pool: true,
          // A connection that closes mid-message fails that try, for the outbox to record and retry
          // with its own waits (the pool would otherwise send it again itself, unseen, up to 5 times).
          maxRequeues: 0,
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

  /** Looks for due messages now (a message was queued: `OUTBOX_DUE`), or right after the current round. */
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

  /** Stops claiming, finishes the message being sent, and gives back the others it claimed. */
  async stop() {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running;
    clearInterval(this.renewal);
    try {
      await releaseClaims(this.db, [...this.held]);
    } catch (err) {
      this.log.warn(
        { err, outbox: { held: this.held.size } },
        'outbox: could not give back the claimed messages: they wait for their claim to lapse',
      );
    }
    this.held.clear();
    this.transport?.close();
  }

  private async drain() {
    if (!this.renewal) {
      this.renewal = setInterval(() => this.renew(), (this.claimSeconds * 1000) / 3);
      this.renewal.unref();
    }
    try {
      for (;;) {
        const batch = await claimDue(this.db, 10, this.claimSeconds);
        if (batch.length === 0) return;
        for (const row of batch) this.held.add(row.id);
        const from = await this.sender();
        let site: SigningSite | undefined;
        for (const row of batch) {
          if (this.stopped) return;
          if (row.input !== null) {
            site ??= await this.site();
            if (!(await this.write(row, site))) {
              this.held.delete(row.id);
              continue;
            }
          }
          await this.deliver(row, from);
          this.held.delete(row.id);
          // Writing a message is ~50 ms of CPU in the web process: requests get a turn between messages,
          // so a rush's messages are not written back to back ahead of health checks and pages.
          await new Promise((resolve) => setImmediate(resolve));
        }
      }
    } finally {
      // Stopped, `stop()` gives back what is held; else nothing is left held but after a failure to
      // read or write, and those claims lapse.
      if (!this.stopped) {
        clearInterval(this.renewal);
        this.renewal = undefined;
        this.held.clear();
      }
    }
  }

  private renew() {
    renewClaims(this.db, [...this.held], this.claimSeconds).catch((err: unknown) => this.onReadFailure(err));
  }

  /**
   * Writes a message queued with its template's input and keeps it on the row (`row` then holds it).
   * A template that fails marks its message failed, so the queue goes on.
   */
  private async write(row: OutboxRow, site: SigningSite): Promise<boolean> {
    let message: Awaited<ReturnType<typeof writeQueued>>;
    try {
      message = await writeQueued(row.kind, row.input ?? '', site, await recipientLanguage(this.db, row.to, site));
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      await markUnwritable(this.db, row.id, reason);
      this.log.error({ err, outbox: { id: row.id, kind: row.kind } }, 'message could not be written: marked failed');
      return false;
    }
    const written = await markWritten(this.db, row.id, message);
    if (!written) {
      // Its account was deleted meanwhile: the input is gone, and nothing is sent to the address.
      await markUnwritable(this.db, row.id, 'its account was deleted before it was written');
      return false;
    }
    Object.assign(row, written);
    return true;
  }

  /** Whether SMTP_URL is set: messages are sent, not only written to the log. */
  get sends(): boolean {
    return this.transport !== undefined;
  }

  /**
   * 'Send a test email' (settings and set-up): one plain message straight to the mail server, not
   * through the outbox, so the admin sees at once whether it was taken, or the server's own reason.
   */
  async sendTest(to: string, site: { name: string; url: string }): Promise<void> {
    if (!this.transport) throw new Error('SMTP_URL is not set');
    await this.transport.sendMail({
      from: await this.sender(),
      to,
      subject: `Test message from ${site.name}`,
      text:
        `This is a test message from ${site.name} (${site.url}).\n\n` +
        'It arrived, so mail is set up: confirmation links, password resets, event messages and receipts will reach people.\n',
    });
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
