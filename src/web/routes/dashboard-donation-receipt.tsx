import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Trans, useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { formatAmount } from '../../shared/money.ts';
import { Button, ButtonAnchor, ButtonLink } from '../components/button.tsx';
import { LoadingBlocks } from '../components/loading-placeholders.tsx';
import { QueryError } from '../components/query-error.tsx';
import { donationQueries } from '../features/donations/api.ts';
import { useDonorOf } from '../features/donations/donor.ts';
import { isApiError } from '../lib/api-error.ts';
import { webConfig } from '../lib/config.ts';
import { usePageTitle } from '../lib/use-page-title.ts';
import classes from './dashboard-donation-receipt.module.css';

const paidAt = new Map<string, Intl.DateTimeFormat>();

/** When it was paid (or refunded), to the minute: '21 November 2026 at 09:21' in English, in Bengali with Bengali digits. */
function formatPaidAt(value: string, language: string): string {
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime())) return value;
  let format = paidAt.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(language === 'bn' ? 'bn-BD' : 'en-GB', { dateStyle: 'long', timeStyle: 'short', hourCycle: 'h23' });
    paidAt.set(language, format);
  }
  return format.format(instant);
}

/**
 * /dashboard/donation/{donationId}/receipt: a donation's receipt, for its donor or an admin, laid
 * out to print (the Print button; printed, the site's navigation and the buttons are left out).
 */
export function DashboardDonationReceiptPage() {
  const { t, i18n } = useTranslation('donations');
  const language = i18n.language;
  const donorOf = useDonorOf();
  const { donationId = '' } = useParams();
  const query = useQuery(donationQueries.receipt(donationId));
  const notFound = isApiError(query.error, 'not_found');
  const notYours = isApiError(query.error, 'forbidden');
  usePageTitle(notFound ? t('receipt.notFound') : notYours ? t('receipt.notYours') : t('receipt.title'));

  if (notFound || notYours) {
    return (
      <Paper withBorder p="xl" radius="md">
        <Stack align="center" ta="center" gap="sm">
          <Title order={1}>{notFound ? t('receipt.notFound') : t('receipt.notYours')}</Title>
          <Text c="dimmed">
            {notFound ? t('receipt.noDonation') : t('receipt.otherAccount')} {t('receipt.ownDonations')}
          </Text>
          <ButtonLink to="/dashboard/donation">{t('receipt.back')}</ButtonLink>
        </Stack>
      </Paper>
    );
  }

  const receipt = query.data;
  return (
    <Stack gap="lg">
      {query.isPending && <LoadingBlocks label={t('receipt.loading')} blocks={[{ height: 32, width: '50%' }, { height: 200 }]} maw={640} />}
      {query.isError && (
        <>
          <Title order={1}>{t('receipt.title')}</Title>
          <QueryError title={t('receipt.loadFailed')} error={query.error} onRetry={() => void query.refetch()} />
        </>
      )}
      {receipt && (
        <article className={classes.receipt} aria-labelledby="receipt-heading">
          <Text fw={700}>{receipt.charity.name}</Text>
          {receipt.charity.address && (
            <Text size="sm" c="dimmed" component="address" className={classes.address}>
              {receipt.charity.address}
            </Text>
          )}
          <Text size="sm" c="dimmed">
            {receipt.charity.website}
          </Text>
          {receipt.charity.registrationNumber && (
            <Text size="sm" c="dimmed">
              {t('receipt.charityNumber', { number: receipt.charity.registrationNumber })}
            </Text>
          )}
          <Title order={1} id="receipt-heading" mt="lg">
            {t('receipt.title')}
          </Title>
          <Text mt="xs">{t('receipt.thanks')}</Text>
          {receipt.refundedAt && (
            <Text mt="sm" fw={700} c="red.9" data-testid="receipt-refunded">
              <Trans
                t={t}
                i18nKey="receipt.refunded"
                values={{ date: formatPaidAt(receipt.refundedAt, language) }}
                components={{ time: <time dateTime={receipt.refundedAt} /> }}
              />
            </Text>
          )}
          <dl className={classes.details}>
            <dt>{t('receipt.amount')}</dt>
            <dd data-testid="receipt-amount">
              {formatAmount(receipt.amount, receipt.currency, language)} ({receipt.currency.toUpperCase()})
            </dd>
            <dt>{t('receipt.date')}</dt>
            <dd>
              <time dateTime={receipt.created}>{formatPaidAt(receipt.created, language)}</time>
            </dd>
            <dt>{t('receipt.for')}</dt>
            <dd>{receipt.event}</dd>
            <dt>{t('receipt.transaction')}</dt>
            <dd>{receipt.transaction}</dd>
            <dt>{t('receipt.number')}</dt>
            <dd>{receipt._id}</dd>
            {receipt.last4 && (
              <>
                <dt>{t('receipt.card')}</dt>
                <dd>{t('receipt.cardEnding', { last4: receipt.last4 })}</dd>
              </>
            )}
            <dt>{t('receipt.donor')}</dt>
            <dd>{donorOf(receipt.email)}</dd>
            <dt>{t('receipt.receivedBy')}</dt>
            <dd>{receipt.charity.name}</dd>
            {receipt.charity.registrationNumber && (
              <>
                <dt>{t('receipt.charityRegistration')}</dt>
                <dd>{receipt.charity.registrationNumber}</dd>
              </>
            )}
            <dt>{t('receipt.questions')}</dt>
            <dd>
              {receipt.charity.email ? (
                <Anchor href={`mailto:${receipt.charity.email}`}>{receipt.charity.email}</Anchor>
              ) : (
                receipt.charity.contact
              )}
            </dd>
          </dl>
          <Group gap="sm" data-print="hide">
            <Button onClick={() => window.print()}>{t('receipt.print')}</Button>
            <ButtonAnchor href={`${webConfig.apiBase}/payment/${encodeURIComponent(receipt._id)}/receipt.pdf`} download variant="light">
              {t('receipt.pdf')}
            </ButtonAnchor>
            <ButtonLink to="/dashboard/donation" variant="subtle">
              {t('receipt.back')}
            </ButtonLink>
          </Group>
        </article>
      )}
    </Stack>
  );
}
