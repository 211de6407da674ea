import { Text } from '@mantine/core';
import { type Donation, donorOf } from '../../shared/donations.ts';
import { formatAmount } from '../../shared/money.ts';
import { AdminList } from '../components/admin-list/admin-list.tsx';
import type { Column } from '../components/admin-list/admin-table.tsx';
import { confirmedActionColumn } from '../components/admin-list/confirmed-action-column.tsx';
import { ButtonAnchor } from '../components/button.tsx';
import { ConfirmDialog } from '../components/confirm-dialog.tsx';
import { TotalRaised } from '../features/donations/total-raised.tsx';
import { TransactionId } from '../features/donations/transaction-id.tsx';
import { donationDescribed, useRefundDonation } from '../features/donations/use-refund-donation.ts';
import { webConfig } from '../lib/config.ts';
import { counted } from '../lib/counted.ts';
import { formatInstantDateTime } from '../lib/format-time.ts';
import { usePageTitle } from '../lib/use-page-title.ts';

const baseColumns: Column<Donation>[] = [
  {
    id: 'amount',
    header: 'Amount',
    sort: 'amount',
    cell: (donation) => <Text fw={600}>{formatAmount(donation.amount, donation.currency)}</Text>,
  },
  { id: 'transaction', header: 'Transaction', cell: (donation) => <TransactionId transaction={donation.transaction} /> },
  { id: 'email', header: 'Email ID', sort: 'email', cell: (donation) => donorOf(donation.email) },
  { id: 'event', header: 'Event', sort: 'event', cell: (donation) => donation.event },
  {
    id: 'date',
    header: 'Date',
    sort: 'date',
    cell: (donation) => (
      <Text component="time" dateTime={donation.date} size="sm">
        {formatInstantDateTime(donation.date)}
      </Text>
    ),
  },
  {
    id: 'banner',
    header: 'EventBanner',
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
];

const described = donationDescribed;

/**
 * /dashboard/all-donation: every donation, the money raised and a CSV of them all (spec section 2);
 * Refund gives one back, once confirmed, and it stays listed, marked, out of the total.
 */
export function DashboardAllDonationsPage() {
  usePageTitle('All Donation');
  const refund = useRefundDonation();
  const columns: Column<Donation>[] = [
    ...baseColumns,
    confirmedActionColumn(refund, {
      header: 'Refund',
      variant: 'light',
      label: (donation) => `Refund ${described(donation)}`,
      done: (donation) =>
        donation.refundedAt ? (
          <Text size="sm" fw={600} c="red.9">
            Refunded{' '}
            <Text component="time" dateTime={donation.refundedAt} size="sm" fw={600} inherit>
              {formatInstantDateTime(donation.refundedAt)}
            </Text>
          </Text>
        ) : null,
    }),
  ];
  return (
    <>
      <AdminList<Donation>
        path="/payment"
        heading={(total, q) => `Total ${counted(total, 'donation')}${q ? ` matching ‘${q}’` : ''}`}
        loadingHeading="All Donation"
        caption="Donations"
        noun="donations"
        searchLabel="Search donations"
        searchPlaceholder="Search by email, event or transaction ID"
        columns={columns}
        rowKey={(donation) => donation._id}
        summary={(page) => <TotalRaised page={page} />}
        empty={<Text ta="center">No donations yet</Text>}
        tools={
          <ButtonAnchor href={`${webConfig.apiBase}/payment/export.csv`} download variant="light">
            Download CSV
          </ButtonAnchor>
        }
      />
      <ConfirmDialog
        opened={refund.opened}
        title="Refund this donation?"
        subject={refund.subject}
        confirmLabel="Yes, refund it"
        declineLabel="No, keep it"
        onConfirm={refund.confirm}
        onDecline={refund.decline}
      />
    </>
  );
}
