import { Stack, Text, Title } from '@mantine/core';
import { AddReviewForm } from '../features/reviews/add-review-form.tsx';
import { useCurrentAccount } from '../lib/current-account.ts';
import { usePageTitle } from '../lib/use-page-title.ts';

/** /dashboard/addReview. */
export function DashboardAddReviewPage() {
  usePageTitle('Add Review');
  const { account } = useCurrentAccount();
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>Add Review</Title>
        <Text c="dimmed">
          Once an admin has approved it, your review appears on the home page with your picture; your name and email are not shown.
        </Text>
      </Stack>
      {account && <AddReviewForm email={account.email} />}
    </Stack>
  );
}
