import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { deleteAuditOlderThan } from './service.ts';

/**
 * Deletes audit entries older than the retention (AUDIT_RETENTION_DAYS) at start and every `everyMs`
 * after, in every instance: a second instance's run finds nothing left to delete.
 */
export class AuditRetentionJob {
  /** A failed run: logged, unless the database outage watch takes it (one event per outage). */
  onReadFailure: (err: unknown) => void = (err) => this.log.warn({ err }, 'audit log: could not delete old entries; will try again');
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;

  constructor(
    private readonly db: Database,
    private readonly retentionDays: number,
    private readonly everyMs: number,
    private readonly log: FastifyBaseLogger,
  ) {}

  start() {
    this.timer = setInterval(() => void this.runOnce(), this.everyMs);
    this.timer.unref();
    void this.runOnce();
  }

  /** One run now (a run already going is waited for instead): how many entries it deleted. */
  async runOnce(now = new Date()): Promise<number> {
    if (this.stopped) return 0;
    if (this.running) {
      await this.running;
      return 0;
    }
    let deleted = 0;
    this.running = deleteAuditOlderThan(this.db, this.retentionDays, now)
      .then((count) => {
        deleted = count;
        if (count > 0) this.log.info({ audit: { deleted: count, retentionDays: this.retentionDays } }, 'old audit entries deleted');
      })
      .catch((err: unknown) => this.onReadFailure(err))
      .finally(() => {
        this.running = undefined;
      });
    await this.running;
    return deleted;
  }

  async stop() {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running;
  }
}
