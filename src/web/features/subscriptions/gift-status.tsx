import '@mantine/core/styles/Badge.css';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Subscription, SubscriptionStatus } from '../../../shared/subscriptions.ts';
import { formatInstantIn } from '../../lib/format-time.ts';

/** A day of a gift's life as the reader's local day: '1 March 2027', '১ মার্চ, ২০২৭'. */
export const giftDay = (value: string, language = 'en') => formatInstantIn(value, language, 'day');

/** Light badges in each colour's darkest shade for the words, which keeps 4.5:1 (axe). */
const colors: Record<SubscriptionStatus, string> = { active: 'teal', paused: 'blue', cancelled: 'gray', ended: 'gray' };

/** The gift's status in words: Active, Paused until 1 March 2027, Cancelled, Ended. */
export function GiftStatus({ gift }: { gift: Pick<Subscription, 'status' | 'pausedUntil'> }) {
  const { t, i18n } = useTranslation('monthly');
  const words =
    gift.status === 'paused' && gift.pausedUntil
      ? t('status.pausedUntil', { date: giftDay(gift.pausedUntil, i18n.language) })
      : t(`status.${gift.status}`);
  return (
    <Badge color={colors[gift.status]} c={`${colors[gift.status]}.9`} variant="light" tt="none" style={{ flexShrink: 0 }}>
      {words}
    </Badge>
  );
}
