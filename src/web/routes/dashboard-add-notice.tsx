import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AddNoticeForm } from '../features/notices/add-notice-form.tsx';
import { usePageTitle } from '../lib/use-page-title.ts';

/** /dashboard/addNotice, inside RequireAdmin. */
export function DashboardAddNoticePage() {
  const { t } = useTranslation('notices');
  usePageTitle(t('add.title'));
  return (
    <Stack gap="lg">
      <Title order={1}>{t('add.title')}</Title>
      <AddNoticeForm />
    </Stack>
  );
}
