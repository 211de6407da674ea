import { type SendResult, sendCheckin } from './api.ts';
import { doorStore, type QueuedCheckin } from './door-store.ts';

/**
 * Sends the check-ins kept on this phone, oldest first, each exactly once as far as the person's record
 * goes: the server records a check-in with one `UPDATE … WHERE checked_in_at IS NULL`, and the phone's
 * key makes a resend of the same check-in answer as the first time (decision 027). An item leaves the
 * queue only once the server has answered it (200, or a refusal: 400, 404, 409); a refusal of a late
 * check-in is kept as a conflict for the coordinator to see. No connection, or a server error: the rest
 * wait for the next try. Two tabs of the page never send at once (a Web Lock around the whole pass),
 * and each pass reads the queue afresh inside the lock, so what one tab sent the other does not resend.
 */

export interface SendReport {
  sent: Array<{ item: QueuedCheckin; result: SendResult }>;
  /** Check-ins still waiting after this pass. */
  waiting: number;
}

const LOCK_NAME = 'hh-checkin-queue';

async function sendAll(): Promise<SendReport> {
  const queue = (await doorStore.queue.all()).sort((a, b) => a.at.localeCompare(b.at));
  const sent: SendReport['sent'] = [];
  for (const [index, item] of queue.entries()) {
    const result = await sendCheckin(item, { late: true });
    if (result.kind === 'unsent') return { sent, waiting: queue.length - index };
    if (result.kind === 'refused') {
      await doorStore.conflicts.add({
        key: item.key,
        eventId: item.eventId,
        name: result.name ?? item.name,
        reason: result.reason,
        message: result.message,
        checkedInAt: result.checkedInAt,
        at: item.at,
      });
    }
    await doorStore.queue.remove(item.key);
    sent.push({ item, result });
  }
  return { sent, waiting: 0 };
}

let running: Promise<SendReport> | null = null;

/** One pass over the queue; a call while this tab's pass runs joins it. */
export function sendQueue(): Promise<SendReport> {
  running ??= (navigator.locks ? navigator.locks.request(LOCK_NAME, sendAll) : sendAll()).finally(() => {
    running = null;
  });
  return running;
}
