import { Group, Stack, Text } from '@mantine/core';
import { useSearchParams } from 'react-router';
import type { Review, ReviewStatus } from '../../shared/reviews.ts';
import { AdminList } from '../components/admin-list/admin-list.tsx';
import type { Column } from '../components/admin-list/admin-table.tsx';
import { Button, ButtonLink } from '../components/button.tsx';
import { ConfirmDialog } from '../components/confirm-dialog.tsx';
import { moderationPath } from '../features/reviews/api.ts';
import { reviewNamed, useDeleteReview } from '../features/reviews/use-delete-review.ts';
import { useModerateReview } from '../features/reviews/use-moderate-review.ts';
import { counted } from '../lib/counted.ts';
import { formatInstantDay } from '../lib/format-date.ts';
import { usePageTitle } from '../lib/use-page-title.ts';

const statuses: { status: ReviewStatus; label: string }[] = [
  { status: 'pending', label: 'Pending' },
  { status: 'approved', label: 'Approved' },
  { status: 'hidden', label: 'Hidden' },
];

const headings: Record<ReviewStatus, (total: number) => string> = {
  pending: (total) => `${counted(total, 'review')} waiting for approval`,
  approved: (total) => `${counted(total, 'approved review')}`,
  hidden: (total) => `${counted(total, 'hidden review')}`,
};

const emptyLines: Record<ReviewStatus, string> = {
  pending: 'No reviews are waiting for approval. New reviews appear here first.',
  approved: 'No approved reviews yet. Approved reviews are shown on the home page.',
  hidden: 'No hidden reviews. A review you hide is kept here, off the home page.',
};

function parseStatus(value: string | null): ReviewStatus {
  return value === 'approved' || value === 'hidden' ? value : 'pending';
}

const named = reviewNamed;

/**
 * /dashboard/reviews (admins): reviews reach the home page only once approved here (DECISIONS 4.6).
 * Pending, Approved and Hidden are links (?status=), so each list can be linked and Back returns to it.
 */
export function DashboardReviewsPage() {
  usePageTitle('Reviews');
  const [searchParams] = useSearchParams();
  const status = parseStatus(searchParams.get('status'));
  const moderate = useModerateReview();
  const remove = useDeleteReview();
  const busy = (review: Review) => (moderate.isPending && moderate.variables?.id === review._id) || remove.deleting?._id === review._id;

  const columns: Column<Review>[] = [
    {
      id: 'review',
      header: 'Review',
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
      header: 'Reviewer',
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
      header: 'Written',
      cell: (review) => (
        <Text component="time" dateTime={review.date} size="sm">
          {formatInstantDay(review.date)}
        </Text>
      ),
    },
    ...(status !== 'approved'
      ? [
          {
            id: 'approve',
            header: 'Approve',
            action: true,
            cell: (review: Review) => (
              <Button
                aria-label={`Approve ${named(review)}`}
                disabled={busy(review)}
                onClick={() => moderate.mutate({ id: review._id, status: 'approved' })}
              >
                Approve
              </Button>
            ),
          },
        ]
      : []),
    ...(status !== 'hidden'
      ? [
          {
            id: 'hide',
            header: 'Hide',
            action: true,
            cell: (review: Review) => (
              <Button
                variant="light"
                aria-label={`Hide ${named(review)}`}
                disabled={busy(review)}
                onClick={() => moderate.mutate({ id: review._id, status: 'hidden' })}
              >
                Hide
              </Button>
            ),
          },
        ]
      : []),
    {
      id: 'delete',
      header: 'Delete',
      action: true,
      cell: (review) => (
        <Button tone="danger" aria-label={`Delete ${named(review)}`} disabled={busy(review)} onClick={() => remove.ask(review)}>
          Delete
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
        heading={(total, q) => `${headings[status](total)}${q ? ` matching ‘${q}’` : ''}`}
        loadingHeading="Reviews"
        caption={`${statuses.find((s) => s.status === status)?.label} reviews`}
        noun="reviews"
        searchLabel="Search reviews"
        searchPlaceholder="Search by words, name or email"
        columns={columns}
        rowKey={(review) => review._id}
        empty={<Text ta="center">{emptyLines[status]}</Text>}
        tools={
          <nav aria-label="Reviews by status">
            <Group gap="xs" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {statuses.map((item) => (
                <li key={item.status}>
                  <ButtonLink
                    to={item.status === 'pending' ? '/dashboard/reviews' : `/dashboard/reviews?status=${item.status}`}
                    variant={item.status === status ? 'filled' : 'default'}
                    aria-current={item.status === status ? 'page' : undefined}
                  >
                    {item.label}
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
