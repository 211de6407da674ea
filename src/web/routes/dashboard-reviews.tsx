import { Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatNumber } from '../../shared/format.ts';
import type { Review, ReviewStatus } from '../../shared/reviews.ts';
import { AdminList } from '../components/admin-list/admin-list.tsx';
import type { Column } from '../components/admin-list/admin-table.tsx';
import { Button, ButtonLink } from '../components/button.tsx';
import { ConfirmDialog } from '../components/confirm-dialog.tsx';
import { donationDay } from '../features/donations/donation-day.ts';
import { moderationPath } from '../features/reviews/api.ts';
import { reviewNamed, useDeleteReview } from '../features/reviews/use-delete-review.ts';
import { useModerateReview } from '../features/reviews/use-moderate-review.ts';
import { usePageTitle } from '../lib/use-page-title.ts';

const statuses: ReviewStatus[] = ['pending', 'approved', 'hidden'];

function parseStatus(value: string | null): ReviewStatus {
  return value === 'approved' || value === 'hidden' ? value : 'pending';
}

/**
 * /dashboard/reviews (admins): reviews reach the home page only once approved here (DECISIONS 4.6).
 * Pending, Approved and Hidden are links (?status=), so each list can be linked and Back returns to it.
 */
export function DashboardReviewsPage() {
  const { t, i18n } = useTranslation('reviews');
  const language = i18n.language;
  usePageTitle(t('moderate.title'));
  const labels: Record<ReviewStatus, string> = {
    pending: t('moderate.status.pending'),
    approved: t('moderate.status.approved'),
    hidden: t('moderate.status.hidden'),
  };
  const captions: Record<ReviewStatus, string> = {
    pending: t('moderate.caption.pending'),
    approved: t('moderate.caption.approved'),
    hidden: t('moderate.caption.hidden'),
  };
  const headings: Record<ReviewStatus, (total: number) => string> = {
    pending: (total) => t('moderate.heading.pending', { count: total, n: formatNumber(total, language) }),
    approved: (total) => t('moderate.heading.approved', { count: total, n: formatNumber(total, language) }),
    hidden: (total) => t('moderate.heading.hidden', { count: total, n: formatNumber(total, language) }),
  };
  const emptyLines: Record<ReviewStatus, string> = {
    pending: t('moderate.empty.pending'),
    approved: t('moderate.empty.approved'),
    hidden: t('moderate.empty.hidden'),
  };
  const [searchParams] = useSearchParams();
  const status = parseStatus(searchParams.get('status'));
  const moderate = useModerateReview();
  const remove = useDeleteReview();
  const busy = (review: Review) => (moderate.isPending && moderate.variables?.id === review._id) || remove.deleting?._id === review._id;

  const columns: Column<Review>[] = [
    {
      id: 'review',
      header: t('moderate.review'),
      cell: (review) => (
        <Stack gap={4} maw={520}>
          <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
            {review.message}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {review.review}
          </Text>
        </Stack>
      ),
    },
    {
      id: 'reviewer',
      header: t('moderate.reviewer'),
      cell: (review) => (
        <div>
          <Text size="sm" fw={600}>
            {review.name}
          </Text>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {review.email}
          </Text>
        </div>
      ),
    },
    {
      id: 'date',
      header: t('moderate.written'),
      cell: (review) => (
        <Text component="time" dateTime={review.date} size="sm">
          {donationDay(review.date, language)}
        </Text>
      ),
    },
    ...(status !== 'approved'
      ? [
          {
            id: 'approve',
            header: t('moderate.approve'),
            action: true,
            cell: (review: Review) => (
              <Button
                aria-label={t('moderate.approveReview', { review: reviewNamed(review, t) })}
                disabled={busy(review)}
                onClick={() => moderate.mutate({ id: review._id, status: 'approved' })}
              >
                {t('moderate.approve')}
              </Button>
            ),
          },
        ]
      : []),
    ...(status !== 'hidden'
      ? [
          {
            id: 'hide',
            header: t('moderate.hide'),
            action: true,
            cell: (review: Review) => (
              <Button
                variant="light"
                aria-label={t('moderate.hideReview', { review: reviewNamed(review, t) })}
                disabled={busy(review)}
                onClick={() => moderate.mutate({ id: review._id, status: 'hidden' })}
              >
                {t('moderate.hide')}
              </Button>
            ),
          },
        ]
      : []),
    {
      id: 'delete',
      header: t('moderate.delete'),
      action: true,
      cell: (review) => (
        <Button
          tone="danger"
          aria-label={t('moderate.deleteReview', { review: reviewNamed(review, t) })}
          disabled={busy(review)}
          onClick={() => remove.ask(review)}
        >
          {t('moderate.delete')}
        </Button>
      ),
    },
  ];

  return (
    <>
      <AdminList<Review>
        // A new list for each status: its page and its search start afresh.
        key={status}
        path={moderationPath(status)}
        heading={(total, q) => (q ? t('moderate.matching', { heading: headings[status](total), query: q }) : headings[status](total))}
        loadingHeading={t('moderate.title')}
        caption={captions[status]}
        noun={t('moderate.noun')}
        searchLabel={t('moderate.search')}
        searchPlaceholder={t('moderate.searchPlaceholder')}
        columns={columns}
        rowKey={(review) => review._id}
        empty={<Text ta="center">{emptyLines[status]}</Text>}
        tools={
          <nav aria-label={t('moderate.byStatus')}>
            <Group gap="xs" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {statuses.map((item) => (
                <li key={item}>
                  <ButtonLink
                    to={item === 'pending' ? '/dashboard/reviews' : `/dashboard/reviews?status=${item}`}
                    variant={item === status ? 'filled' : 'default'}
                    aria-current={item === status ? 'page' : undefined}
                  >
                    {labels[item]}
                  </ButtonLink>
                </li>
              ))}
            </Group>
          </nav>
        }
      />
      <ConfirmDialog opened={remove.opened} subject={remove.subject} onConfirm={remove.confirm} onDecline={remove.decline} />
    </>
  );
}
