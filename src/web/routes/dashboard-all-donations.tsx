import { Text } from '@mantine/core';
import { Trans, useTranslation } from 'react-i18next';
import type { Donation } from '../../shared/donations.ts';
import { formatAmount } from '../../shared/money.ts';
import { AdminList } from '../components/admin-list/admin-list.tsx';
import { type Column, formatCount } from '../components/admin-list/admin-table.tsx';
import { confirmedActionColumn } from '../components/admin-list/confirmed-action-column.tsx';
import { ButtonAnchor } from '../components/button.tsx';
import { ConfirmDialog } from '../components/confirm-dialog.tsx';
import { useDonorOf } from '../features/donations/donor.ts';
import { TotalRaised } from '../features/donations/total-raised.tsx';
import { TransactionId } from '../features/donations/transaction-id.tsx';
import { useDonationDescribed, useRefundDonation } from '../features/donations/use-refund-donation.ts';
import { webConfig } from '../lib/config.ts';
import { formatInstantIn } from '../lib/format-time.ts';
import { usePageTitle } from '../lib/use-page-title.ts';

/**
 * /dashboard/all-donation: every donation, the money raised and a CSV of them all (spec section 2);
 * Refund gives one back, once confirmed, and it stays listed, marked, out of the total.
 */
export function DashboardAllDonationsPage() {
  const { t, i18n } = useTranslation('admin');
  const language = i18n.language;
  usePageTitle(t('donations.title'));
  const refund = useRefundDonation();
  const described = useDonationDescribed();
  const donorOf = useDonorOf();
  const columns: Column<Donation>[] = [
    {
      id: 'amount',
      header: t('donations.amount'),
      sort: 'amount',
      cell: (donation) => <Text fw={600}>{formatAmount(donation.amount, donation.currency, language)}</Text>,
    },
    { id: 'transaction', header: t('donations.transaction'), cell: (donation) => <TransactionId transaction={donation.transaction} /> },
    { id: 'email', header: t('donations.email'), sort: 'email', cell: (donation) => donorOf(donation.email) },
    { id: 'event', header: t('donations.event'), sort: 'event', cell: (donation) => donation.event },
    {
      id: 'date',
      header: t('donations.date'),
      sort: 'date',
      cell: (donation) => (
        <Text component="time" dateTime={donation.date} size="sm">
          {formatInstantIn(donation.date, language)}
        </Text>
      ),
    },
    {
      id: 'banner',
      header: t('donations.banner'),
      // Decorative: the Event column names it. A donation to a since-deleted event may have none.
      cell: (donation) =>
        donation.eventBanner ? (
          <img
            src={donation.eventBanner}
            alt=""
            width={64}
            height={36}
            loading="lazy"
            style={{ objectFit: 'cover', borderRadius: 4, display: 'block' }}
          />
        ) : null,
    },
    confirmedActionColumn(refund, {
      header: t('donations.refund'),
      variant: 'light',
      label: (donation) => t('donations.refundLabel', { donation: described(donation) }),
      done: (donation) =>
        donation.refundedAt ? (
          <Text size="sm" fw={600} c="red.9">
            <Trans
              t={t}
              i18nKey="donations.refunded"
              values={{ date: formatInstantIn(donation.refundedAt, language) }}
              components={{ time: <Text component="time" dateTime={donation.refundedAt} size="sm" fw={600} inherit /> }}
            />
          </Text>
        ) : null,
    }),
  ];
  return (
    <>
      <AdminList<Donation>
        path="/payment"
        heading={(total, q) => {
          const count = { count: total, n: formatCount(total, language) };
          return q ? t('donations.headingMatch', { ...count, q }) : t('donations.heading', count);
        }}
        loadingHeading={t('donations.title')}
        caption={t('donations.caption')}
        noun={t('donations.noun')}
        searchLabel={t('donations.searchLabel')}
        searchPlaceholder={t('donations.searchPlaceholder')}
        columns={columns}
        rowKey={(donation) => donation._id}
        summary={(page) => <TotalRaised page={page} />}
        empty={<Text ta="center">{t('donations.empty')}</Text>}
        tools={
          <ButtonAnchor href={`${webConfig.apiBase}/payment/export.csv`} download variant="light">
            {t('donations.downloadCsv')}
          </ButtonAnchor>
        }
      />
      <ConfirmDialog
        opened={refund.opened}
        title={t('donations.confirmTitle')}
        subject={refund.subject}
        confirmLabel={t('donations.confirm')}
        declineLabel={t('donations.decline')}
        onConfirm={refund.confirm}
        onDecline={refund.decline}
      />
    </>
  );
}
