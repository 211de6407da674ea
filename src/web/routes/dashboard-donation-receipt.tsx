import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { donorOf } from '../../shared/donations.ts';
import { formatAmount } from '../../shared/money.ts';
import { Button, ButtonAnchor, ButtonLink } from '../components/button.tsx';
import { LoadingBlocks } from '../components/loading-placeholders.tsx';
import { QueryError } from '../components/query-error.tsx';
import { donationQueries } from '../features/donations/api.ts';
import { isApiError } from '../lib/api-error.ts';
import { webConfig } from '../lib/config.ts';
import { usePageTitle } from '../lib/use-page-title.ts';
import classes from './dashboard-donation-receipt.module.css';

const paidAt = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short' });

function formatPaidAt(value: string): string {
  const instant = new Date(value);
  return Number.isNaN(instant.getTime()) ? value : paidAt.format(instant);
}

/**
 * /dashboard/donation/{donationId}/receipt: a donation's receipt, for its donor or an admin, laid
 * out to print (the Print button; printed, the site's navigation and the buttons are left out).
 */
export function DashboardDonationReceiptPage() {
  const { donationId = '' } = useParams();
  const query = useQuery(donationQueries.receipt(donationId));
  const notFound = isApiError(query.error, 'not_found');
  const notYours = isApiError(query.error, 'forbidden');
  usePageTitle(notFound ? 'Receipt not found' : notYours ? 'Not your receipt' : 'Donation receipt');

  if (notFound || notYours) {
    return (
      <Paper withBorder p="xl" radius="md">
        <Stack align="center" ta="center" gap="sm">
          <Title order={1}>{notFound ? 'Receipt not found' : 'Not your receipt'}</Title>
          <Text c="dimmed">
            {notFound ? 'No donation has this receipt.' : 'This receipt is for a donation made from another account.'} Your own donations,
            each with its receipt, are in My Donation.
          </Text>
          <ButtonLink to="/dashboard/donation">Back to My Donation</ButtonLink>
        </Stack>
      </Paper>
    );
  }

  const receipt = query.data;
  return (
    <Stack gap="lg">
      {query.isPending && <LoadingBlocks label="Loading the receipt" blocks={[{ height: 32, width: '50%' }, { height: 200 }]} maw={640} />}
      {query.isError && (
        <>
          <Title order={1}>Donation receipt</Title>
          <QueryError title="The receipt could not be loaded" error={query.error} onRetry={() => void query.refetch()} />
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
              Registered charity number {receipt.charity.registrationNumber}
            </Text>
          )}
          <Title order={1} id="receipt-heading" mt="lg">
            Donation receipt
          </Title>
          <Text mt="xs">Thank you for your donation. This page is your receipt; keep it for your records.</Text>
          {receipt.refundedAt && (
            <Text mt="sm" fw={700} c="red.9" data-testid="receipt-refunded">
              Refunded on <time dateTime={receipt.refundedAt}>{formatPaidAt(receipt.refundedAt)}</time>: this donation was given back in
              full.
            </Text>
          )}
          <dl className={classes.details}>
            <dt>Amount</dt>
            <dd data-testid="receipt-amount">
              {formatAmount(receipt.amount, receipt.currency)} ({receipt.currency.toUpperCase()})
            </dd>
            <dt>Date</dt>
            <dd>
              <time dateTime={receipt.created}>{formatPaidAt(receipt.created)}</time>
            </dd>
            <dt>For</dt>
            <dd>{receipt.event}</dd>
            <dt>Transaction reference</dt>
            <dd>{receipt.transaction}</dd>
            <dt>Receipt number</dt>
            <dd>{receipt._id}</dd>
            {receipt.last4 && (
              <>
                <dt>Card</dt>
                <dd>Card ending {receipt.last4}</dd>
              </>
            )}
            <dt>Donor</dt>
            <dd>{donorOf(receipt.email)}</dd>
            <dt>Received by</dt>
            <dd>{receipt.charity.name}</dd>
            {receipt.charity.registrationNumber && (
              <>
                <dt>Charity registration number</dt>
                <dd>{receipt.charity.registrationNumber}</dd>
              </>
            )}
            <dt>Questions about this donation</dt>
            <dd>
              {receipt.charity.email ? (
                <Anchor href={`mailto:${receipt.charity.email}`}>{receipt.charity.email}</Anchor>
              ) : (
                receipt.charity.contact
              )}
            </dd>
          </dl>
          <Group gap="sm" data-print="hide">
            <Button onClick={() => window.print()}>Print</Button>
            <ButtonAnchor href={`${webConfig.apiBase}/payment/${encodeURIComponent(receipt._id)}/receipt.pdf`} download variant="light">
              Download PDF
            </ButtonAnchor>
            <ButtonLink to="/dashboard/donation" variant="subtle">
              Back to My Donation
            </ButtonLink>
          </Group>
        </article>
      )}
    </Stack>
  );
}
