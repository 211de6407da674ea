import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { PeriodicJob } from '../../periodic-job.ts';
import { deleteAuditOlderThan } from './service.ts';

/**
 * Deletes audit entries older than the retention (AUDIT_RETENTION_DAYS) at start and every `everyMs`
 * after, in every instance: a second instance's run finds nothing left to delete.
 */
export class AuditRetentionJob extends PeriodicJob {
  onReadFailure: (err: unknown) => void = (err) => this.log.warn({ err }, 'audit log: could not delete old entries; will try again');

  constructor(
    private readonly db: Database,
    private readonly retentionDays: number,
    everyMs: number,
    private readonly log: FastifyBaseLogger,
  ) {
    super(everyMs);
  }

  protected async work(now: Date): Promise<number> {
    const deleted = await deleteAuditOlderThan(this.db, this.retentionDays, now);
    if (deleted > 0) this.log.info({ audit: { deleted, retentionDays: this.retentionDays } }, 'old audit entries deleted');
    return deleted;
  }
}
