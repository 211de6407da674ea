import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AddReviewForm } from '../features/reviews/add-review-form.tsx';
import { useCurrentAccount } from '../lib/current-account.ts';
import { usePageTitle } from '../lib/use-page-title.ts';

/** /dashboard/addReview. */
export function DashboardAddReviewPage() {
  const { t } = useTranslation('reviews');
  usePageTitle(t('add.title'));
  const { account } = useCurrentAccount();
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>{t('add.title')}</Title>
        <Text c="dimmed">{t('add.intro')}</Text>
      </Stack>
      {account && <AddReviewForm email={account.email} />}
    </Stack>
  );
}
