import { Anchor, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Donation } from '../../../shared/donations.ts';
import { formatAmount } from '../../../shared/money.ts';
import { EventBanner } from '../../components/event-banner.tsx';
import surface from '../../components/surface.module.css';
import { donationDay } from './donation-day.ts';

/** One of the person's donations: the event it went to, how much, when, and with which card. */
export function DonationCard({ donation }: { donation: Donation }) {
  const { t, i18n } = useTranslation('donations');
  const language = i18n.language;
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
          {formatAmount(donation.amount, donation.currency, language)}
        </Text>
        {donation.refundedAt && (
          <Text size="sm" fw={700} c="red.9">
            <Trans
              t={t}
              i18nKey="donation.refunded"
              values={{ date: donationDay(donation.refundedAt, language) }}
              components={{ time: <time dateTime={donation.refundedAt} /> }}
            />
          </Text>
        )}
        <Group justify="space-between" gap="xs">
          <Text size="sm" c="dimmed">
            <Trans
              t={t}
              i18nKey="donation.paid"
              values={{ date: donationDay(donation.created, language) }}
              components={{ time: <time dateTime={donation.created} /> }}
            />
          </Text>
          {donation.last4 && <Text size="sm">{t('donation.cardEnding', { last4: donation.last4 })}</Text>}
        </Group>
        <Anchor component={Link} to={`/dashboard/donation/${donation._id}/receipt`} size="sm">
          <Trans t={t} i18nKey="donation.receipt" values={{ event: donation.event }} components={{ hidden: <VisuallyHidden /> }} />
        </Anchor>
      </Stack>
    </article>
  );
}
