import { Alert, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect, useId, useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { formatNumber } from '../../../shared/format.ts';
import { formatMoney } from '../../../shared/money.ts';
import type { Subscription } from '../../../shared/subscriptions.ts';
import { Button } from '../../components/button.tsx';
import surface from '../../components/surface.module.css';
import { notify } from '../../lib/notify.ts';
import { useSite } from '../../lib/site.ts';
import { changeGift, type GiftAddress } from './api.ts';
import { AmountDialog, CancelDialog, CardDialog, PauseDialog, preloadGiftForms } from './gift-dialogs.tsx';
import { GiftStatus, giftDay } from './gift-status.tsx';
import { takesTestCards } from './payments-mode.ts';
import { useGiftChange } from './use-gift-change.ts';

type Dialog = 'amount' | 'pause' | 'cancel' | 'card';

interface MonthlyGiftCardProps {
  gift: Subscription;
  /** Where it is changed: the donor's own (signed in) or through a manage link. */
  address: GiftAddress;
  /** Its heading's level: 3 under My Donation's 'Monthly gifts', 2 on the manage-link page. */
  titleOrder: 2 | 3;
}

/**
 * One monthly gift: how much each month and to what, its status, the next payment and the card, and
 * what the donor can do with it. A cancelled or ended gift is a record only. Every button is described
 * by the gift's heading, so 'Pause' says which gift it pauses.
 */
export function MonthlyGiftCard({ gift, address, titleOrder }: MonthlyGiftCardProps) {
  const { t, i18n } = useTranslation('monthly');
  const language = i18n.language;
  const site = useSite();
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = () => setDialog(null);
  const focusHeading = () => heading.current?.focus();

  const open = gift.status === 'active' || gift.status === 'paused';
  // With Stripe a refused month is paid on Stripe's own page, which the email about it links to.
  const testCards = takesTestCards(site);
  const cardUpdates = open && testCards;
  useEffect(() => {
    if (open) preloadGiftForms();
  }, [open]);

  const resume = useGiftChange({
    address,
    send: changeGift,
    done: () => t('resume.done'),
    // Resume is gone with the pause: the focus goes to the gift, which now says Active.
    onDone: focusHeading,
  });

  const amount = formatMoney(gift.amount, gift.currency, { language });
  const to = gift.event ?? site?.name;
  const describedBy = { 'aria-describedby': headingId };

  return (
    <article className={surface.card} aria-labelledby={headingId}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <Title order={titleOrder} size="h4" id={headingId} ref={heading} tabIndex={-1} style={{ overflowWrap: 'anywhere' }}>
            {to ? t('gift.heading', { amount, to }) : t('gift.headingAmount', { amount })}
          </Title>
          <GiftStatus gift={gift} />
        </Group>
        {gift.paymentFailing && open && (
          <Alert color="red" variant="light" role="none">
            {testCards ? t('gift.failing') : t('gift.failingEmail')}
          </Alert>
        )}
        {gift.nextPaymentAt && open && (
          <Text>
            <Trans
              t={t}
              i18nKey="gift.nextPayment"
              values={{ date: giftDay(gift.nextPaymentAt, language) }}
              components={{ time: <time dateTime={gift.nextPaymentAt} /> }}
            />
          </Text>
        )}
        {gift.endedAt && !open && (
          <Text>
            <Trans
              t={t}
              i18nKey={gift.status === 'cancelled' ? 'gift.cancelledOn' : 'gift.endedOn'}
              values={{ date: giftDay(gift.endedAt, language) }}
              components={{ time: <time dateTime={gift.endedAt} /> }}
            />
          </Text>
        )}
        <Group gap="md" c="dimmed">
          <Text size="sm">
            <Trans
              t={t}
              i18nKey="gift.started"
              values={{ date: giftDay(gift.startedAt, language) }}
              components={{ time: <time dateTime={gift.startedAt} /> }}
            />
          </Text>
          <Text size="sm">{t('gift.payments', { count: gift.payments, n: formatNumber(gift.payments, language) })}</Text>
          {gift.last4 && <Text size="sm">{t('gift.cardEnding', { last4: gift.last4 })}</Text>}
        </Group>
        {open && (
          <Group gap="sm" mt="xs">
            {/* One button in one place, drawn stronger while a payment is failing: still there once the card
                is saved, so the dialog gives the focus back to it. */}
            {cardUpdates && (
              <Button variant={gift.paymentFailing ? 'filled' : 'light'} {...describedBy} onClick={() => setDialog('card')}>
                {t('actions.updateCard')}
              </Button>
            )}
            <Button variant="light" {...describedBy} onClick={() => setDialog('amount')}>
              {t('actions.changeAmount')}
            </Button>
            {gift.status === 'paused' ? (
              <Button
                variant="light"
                {...describedBy}
                disabled={resume.isPending}
                onClick={() =>
                  resume.mutate(
                    { action: 'resume' },
                    { onError: (error) => void notify({ color: 'red', title: t('resume.failed'), message: error.message }) },
                  )
                }
              >
                {resume.isPending ? t('resume.resuming') : t('actions.resume')}
              </Button>
            ) : (
              <Button variant="light" {...describedBy} onClick={() => setDialog('pause')}>
                {t('actions.pause')}
              </Button>
            )}
            <Button variant="subtle" {...describedBy} onClick={() => setDialog('cancel')}>
              {t('actions.cancel')}
            </Button>
          </Group>
        )}
      </Stack>
      {/* Drawn even once the gift is over: the dialog that cancelled or ended it closes as it should, then focuses its heading. */}
      <AmountDialog gift={gift} address={address} opened={dialog === 'amount'} onClose={close} />
      <PauseDialog gift={gift} address={address} opened={dialog === 'pause'} onClose={close} onFinished={focusHeading} />
      <CancelDialog gift={gift} address={address} opened={dialog === 'cancel'} onClose={close} onFinished={focusHeading} />
      <CardDialog gift={gift} address={address} opened={dialog === 'card'} onClose={close} onFinished={focusHeading} />
    </article>
  );
}
