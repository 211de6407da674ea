import '@mantine/core/styles/Badge.css';
import { Badge, NativeSelect, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatAmount } from '../../shared/money.ts';
// Types only: the page needs none of the schemas' code (zod stays out of its chunk).
import type { Subscription, SubscriptionChange, SubscriptionStatus, SubscriptionTotals } from '../../shared/subscriptions.ts';
import { AdminList } from '../components/admin-list/admin-list.tsx';
import { type Column, formatCount } from '../components/admin-list/admin-table.tsx';
import { adminListKey } from '../components/admin-list/list-query.ts';
import { Button, ButtonAnchor } from '../components/button.tsx';
import { ConfirmDialog } from '../components/confirm-dialog.tsx';
import { QueryError } from '../components/query-error.tsx';
import { useDonorOf } from '../features/donations/donor.ts';
import { getJson, sendJson } from '../lib/api-client.ts';
import { webConfig } from '../lib/config.ts';
import { formatInstantIn } from '../lib/format-time.ts';
import { useSite } from '../lib/site.ts';
import { useConfirmDelete } from '../lib/use-confirm-delete.ts';
import { usePageTitle } from '../lib/use-page-title.ts';

type AdminT = TFunction<'admin'>;

/** The status's word says it; the colour only repeats it. Every status the contract has (a new one is a type error here). */
/** Light badges with each colour's darkest shade for the words, which keeps 4.5:1 (axe): as the donor's own page shows them. */
const statusColors: Record<SubscriptionStatus, string> = { active: 'teal', paused: 'blue', cancelled: 'gray', ended: 'gray' };
const statuses = Object.keys(statusColors) as SubscriptionStatus[];

/**
 * What active gifts bring each month and how many gifts there are of each status (GET /api/subscriptions/totals).
 * Under the admin lists' key, so a cancel (or any admin change that refreshes the lists) refreshes it too.
 */
const totalsQuery = queryOptions({
  queryKey: [...adminListKey, 'subscription-totals'] as const,
  queryFn: async ({ signal }) => (await getJson<SubscriptionTotals>('/subscriptions/totals', signal)).data,
});

/** An admin may only cancel a gift (never change its amount or card): it takes no more payments and its donor is told. */
async function cancelGift(gift: Subscription): Promise<Subscription> {
  const change: SubscriptionChange = { action: 'cancel' };
  const { data } = await sendJson<Subscription>('PUT', `/subscriptions/${encodeURIComponent(gift._id)}`, change);
  return data;
}

/** Cancel on Monthly gifts: asks (the donor is told), cancels, says so, and refreshes the list and the totals. */
function useCancelGift() {
  const { t } = useTranslation('admin');
  const donorOf = useDonorOf();
  const queryClient = useQueryClient();
  return useConfirmDelete<Subscription>({
    remove: cancelGift,
    // The dialog's question, naming the donor (the page shows it as the dialog's title).
    subject: (gift) => t('gifts.cancelQuestion', { email: donorOf(gift.email) }),
    deleted: (gift) => t('gifts.cancelled', { email: donorOf(gift.email) }),
    notDeleted: (gift) => t('gifts.notCancelled', { email: donorOf(gift.email) }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: adminListKey }),
  });
}

/** The monthly income of the active gifts, each currency on its own (dollars are never added to euros), and the counts by status. */
function GiftTotals() {
  const { t, i18n } = useTranslation('admin');
  const language = i18n.language;
  const site = useSite();
  const totals = useQuery(totalsQuery);
  if (totals.isPending) {
    return (
      <div role="status">
        <VisuallyHidden>{t('gifts.totalsLoading')}</VisuallyHidden>
        <Skeleton height={56} aria-hidden="true" />
      </div>
    );
  }
  if (totals.isError) {
    return <QueryError title={t('gifts.totalsFailed')} error={totals.error} onRetry={() => void totals.refetch()} />;
  }
  const { monthly, counts } = totals.data;
  const amount = monthly.length
    ? monthly.map((sum) => formatAmount(sum.cents, sum.currency, language)).join(t('gifts.and'))
    : formatAmount(0, site?.currency ?? 'usd', language);
  return (
    <Stack gap="xs">
      <Text size="lg" fw={700} style={{ overflowWrap: 'anywhere' }}>
        {t('gifts.monthly', { amount })}
      </Text>
      <ul
        aria-label={t('gifts.countsLabel')}
        style={{ display: 'flex', flexWrap: 'wrap', gap: 'var(--mantine-spacing-lg)', listStyle: 'none', margin: 0, padding: 0 }}
      >
        {statuses.map((status) => (
          <li key={status}>{t(`gifts.counts.${status}`, { n: formatCount(counts[status], language) })}</li>
        ))}
      </ul>
    </Stack>
  );
}

function Day({ instant, language }: { instant: string; language: string }) {
  return (
    <Text component="time" dateTime={instant} size="sm">
      {formatInstantIn(instant, language, 'day')}
    </Text>
  );
}

interface CancelAction {
  ask: (gift: Subscription) => void;
  /** The gift being cancelled: its button waits. */
  deleting: Subscription | null;
}

function giftColumns(t: AdminT, language: string, donorOf: (email: string) => string, cancel: CancelAction): Column<Subscription>[] {
  return [
    // A deleted account's gifts keep a placeholder address, shown as 'Deleted account'.
    {
      id: 'email',
      header: t('gifts.email'),
      sort: 'email',
      cell: (gift) => <span style={{ overflowWrap: 'anywhere' }}>{donorOf(gift.email)}</span>,
    },
    {
      id: 'amount',
      header: t('gifts.amount'),
      sort: 'amount',
      cell: (gift) => <Text fw={600}>{formatAmount(gift.amount, gift.currency, language)}</Text>,
    },
    { id: 'for', header: t('gifts.for'), cell: (gift) => gift.event ?? t('gifts.organisation') },
    {
      id: 'status',
      header: t('gifts.status'),
      cell: (gift) => (
        <Stack gap={4}>
          {/* Its whole word, never cut short: the column widens for it. */}
          <Badge color={statusColors[gift.status]} c={`${statusColors[gift.status]}.9`} variant="light" style={{ minWidth: 'max-content' }}>
            {t(`gifts.statuses.${gift.status}`)}
          </Badge>
          {gift.status === 'paused' && gift.pausedUntil && (
            <Text size="xs">{t('gifts.pausedUntil', { date: formatInstantIn(gift.pausedUntil, language, 'day') })}</Text>
          )}
          {gift.paymentFailing && gift.status === 'active' && (
            <Text size="xs" c="red.9">
              {t('gifts.paymentFailing')}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      id: 'next',
      header: t('gifts.next'),
      sort: 'next',
      cell: (gift) => (gift.nextPaymentAt ? <Day instant={gift.nextPaymentAt} language={language} /> : t('gifts.none')),
    },
    { id: 'started', header: t('gifts.started'), sort: 'started', cell: (gift) => <Day instant={gift.startedAt} language={language} /> },
    { id: 'payments', header: t('gifts.payments'), cell: (gift) => formatCount(gift.payments, language) },
    {
      id: 'action',
      header: t('gifts.action'),
      action: true,
      cell: (gift) =>
        gift.status === 'active' || gift.status === 'paused' ? (
          <Button
            tone="danger"
            variant="light"
            aria-label={t('gifts.cancelLabel', { email: donorOf(gift.email) })}
            disabled={cancel.deleting?._id === gift._id}
            aria-busy={cancel.deleting?._id === gift._id}
            onClick={() => cancel.ask(gift)}
          >
            {t('gifts.cancel')}
          </Button>
        ) : null,
    },
  ];
}

/**
 * /dashboard/monthly-gifts: every donor's monthly gift (DECISIONS §5.7), what the active ones bring each
 * month, and a CSV of them all; Cancel stops one, once confirmed (an admin never changes its amount or card).
 */
export function DashboardMonthlyGiftsPage() {
  const { t, i18n } = useTranslation('admin');
  const language = i18n.language;
  usePageTitle(t('gifts.title'));
  const donorOf = useDonorOf();
  const cancel = useCancelGift();
  const [params, setParams] = useSearchParams();
  const status = statuses.find((s) => s === params.get('status'));
  return (
    <>
      <AdminList<Subscription>
        path={status ? `/subscriptions?all=true&status=${status}` : '/subscriptions?all=true'}
        heading={(total, q) => {
          const count = { count: total, n: formatCount(total, language) };
          return q ? t('gifts.headingMatch', { ...count, q }) : t('gifts.heading', count);
        }}
        loadingHeading={t('gifts.title')}
        caption={t('gifts.caption')}
        noun={t('gifts.noun')}
        searchLabel={t('gifts.searchLabel')}
        searchPlaceholder={t('gifts.searchPlaceholder')}
        columns={giftColumns(t, language, donorOf, cancel)}
        rowKey={(gift) => gift._id}
        summary={() => <GiftTotals />}
        empty={<Text ta="center">{status ? t(`gifts.emptyBy.${status}`) : t('gifts.empty')}</Text>}
        tools={
          <>
            <NativeSelect
              label={t('gifts.status')}
              value={status ?? ''}
              onChange={(event) => {
                const next = new URLSearchParams(params);
                if (event.currentTarget.value) next.set('status', event.currentTarget.value);
                else next.delete('status');
                next.delete('page');
                setParams(next);
              }}
              data={[{ value: '', label: t('gifts.everyStatus') }, ...statuses.map((s) => ({ value: s, label: t(`gifts.statuses.${s}`) }))]}
            />
            <ButtonAnchor href={`${webConfig.apiBase}/subscriptions/export.csv`} download variant="light">
              {t('gifts.downloadCsv')}
            </ButtonAnchor>
          </>
        }
      />
      <ConfirmDialog
        opened={cancel.opened}
        title={cancel.subject}
        subject={t('gifts.cancelSubject')}
        confirmLabel={t('gifts.confirm')}
        declineLabel={t('gifts.decline')}
        onConfirm={cancel.confirm}
        onDecline={cancel.decline}
      />
    </>
  );
}
