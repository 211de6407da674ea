import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { formatAmount } from '../../../shared/money.ts';
import type { Database } from '../../db/client.ts';
import { donation } from '../../db/schema.ts';
import type { AuditNote } from '../audit/record.ts';
import { pathRecordId as param } from '../audit/record.ts';

/** The donation an admin action is about, read before it. Each reader answers null when there is no such record: nothing is recorded. */

async function donationTarget(db: Database, id: string | null): Promise<(AuditNote & { accountId: string | null }) | null> {
  if (!id) return null;
  const [found] = await db
    .select({
      id: donation.id,
      accountId: donation.accountId,
      email: donation.email,
      cents: donation.amountCents,
      currency: donation.currency,
      title: donation.eventTitle,
    })
    .from(donation)
    .where(eq(donation.id, id));
  if (!found) return null;
  return {
    accountId: found.accountId,
    target: { kind: 'donation', id: found.id, label: `${formatAmount(found.cents, found.currency)} by ${found.email} for ${found.title}` },
    details: { amountCents: found.cents, currency: found.currency },
  };
}

export async function donationOfPath(request: FastifyRequest, db: Database): Promise<AuditNote | null> {
  const found = await donationTarget(db, param(request, 'id'));
  return found && { target: found.target, details: found.details };
}

/** `/payment/{id}/receipt…` read: recorded when an admin reads someone else's donation, not their own. */
export async function othersDonation(request: FastifyRequest, db: Database): Promise<AuditNote | null> {
  const found = await donationTarget(db, param(request, 'id'));
  if (!found || found.accountId === request.account?.id) return null;
  return { target: found.target };
}
