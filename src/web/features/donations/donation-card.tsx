import { Anchor, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';
import type { Donation } from '../../../shared/donations.ts';
import { formatAmount } from '../../../shared/money.ts';
import { EventBanner } from '../../components/event-banner.tsx';
import surface from '../../components/surface.module.css';
import { formatInstantDay } from '../../lib/format-date.ts';

/** One of the person's donations: the event it went to, how much, when, and with which card. */
export function DonationCard({ donation }: { donation: Donation }) {
  return (
    <article className={surface.card} data-testid="donation-card">
      <div className={surface.bleed}>
        <EventBanner src={donation.eventBanner} />
      </div>
      <Stack gap={6} mt="md">
        <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>
          {donation.event}
        </Title>
        <Text size="xl" fw={700} c={donation.refundedAt ? 'dimmed' : 'brand.9'} td={donation.refundedAt ? 'line-through' : undefined}>
          {formatAmount(donation.amount, donation.currency)}
        </Text>
        {donation.refundedAt && (
          <Text size="sm" fw={700} c="red.9">
            Refunded <time dateTime={donation.refundedAt}>{formatInstantDay(donation.refundedAt)}</time>
          </Text>
        )}
        <Group justify="space-between" gap="xs">
          <Text size="sm" c="dimmed">
            Paid <time dateTime={donation.created}>{formatInstantDay(donation.created)}</time>
          </Text>
          {donation.last4 && <Text size="sm">Card ending {donation.last4}</Text>}
        </Group>
        <Anchor component={Link} to={`/dashboard/donation/${donation._id}/receipt`} size="sm">
          Receipt<VisuallyHidden> for {donation.event}</VisuallyHidden>
        </Anchor>
      </Stack>
    </article>
  );
}
