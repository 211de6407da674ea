import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { PeriodicJob } from '../../periodic-job.ts';
import { sendDueMessages } from './service.ts';

/**
 * Sends the messages to events' people that are due: at start, every `everyMs` after, and at once when
 * one is written to go now (`kick`). Every instance runs it; the message's status and each copy's
 * outbox key make a second instance's (or a restart's) run queue nothing twice.
 */
export class EventMessageJob extends PeriodicJob {
  onReadFailure: (err: unknown) => void = (err) => this.log.warn({ err }, 'event messages: could not send those due; will try again');
  private again = false;

  constructor(
    private readonly db: Database,
    everyMs: number,
    private readonly log: FastifyBaseLogger,
  ) {
    super(everyMs);
  }

  /** A message was written to go now: a run now, or right after the one going. */
  kick() {
    void this.runOnce().then((count) => {
      // A run was going, which may have looked before the new message was there: one more after it.
      if (count === 0 && !this.again) {
        this.again = true;
        void this.runOnce().finally(() => {
          this.again = false;
        });
      }
    });
  }

  protected async work(now: Date): Promise<number> {
    const queued = await sendDueMessages(this.db, now);
    // The outbox is woken by the database as they are queued.
    if (queued > 0) this.log.info({ eventMessages: { queued } }, 'copies of event messages queued');
    return queued;
  }
}
