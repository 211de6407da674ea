import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { MailSite } from '../../mail/templates/layout.tsx';
import type { TestModeGateway } from '../../payments/test-mode-gateway.ts';
import { PeriodicJob } from '../../periodic-job.ts';
import { renewDue } from './renewals.ts';

/**
 * Test mode's stand-in for Stripe's billing: takes the monthly payments that are due, at start and every
 * `everyMs` after, in every instance. Each payment locks its gift and moves it on in one transaction, so
 * two instances, or a restart halfway, take each month once. With Stripe, Stripe renews and notifies.
 */
export class RenewalJob extends PeriodicJob {
  onReadFailure: (err: unknown) => void = (err) => this.log.warn({ err }, 'monthly gifts: could not take the payments due; will try again');

  constructor(
    private readonly db: Database,
    private readonly gateway: TestModeGateway,
    private readonly site: () => Promise<MailSite>,
    everyMs: number,
    private readonly log: FastifyBaseLogger,
  ) {
    super(everyMs);
  }

  protected async work(now: Date): Promise<number> {
    const renewed = await renewDue(this.db, this.gateway, await this.site(), now, (err, subscriptionId) =>
      this.log.warn({ err, subscriptionId }, 'monthly gifts: could not take a payment due; will try again'),
    );
    if (renewed > 0) this.log.info({ monthlyGifts: { renewed } }, 'monthly payments taken');
    return renewed;
  }
}
