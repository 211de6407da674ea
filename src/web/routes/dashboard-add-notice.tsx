import { Stack, Title } from '@mantine/core';
import { AddNoticeForm } from '../features/notices/add-notice-form.tsx';
import { usePageTitle } from '../lib/use-page-title.ts';

/** /dashboard/addNotice, inside RequireAdmin. */
export function DashboardAddNoticePage() {
  usePageTitle('Add Notice');
  return (
    <Stack gap="lg">
      <Title order={1}>Add Notice</Title>
      <AddNoticeForm />
    </Stack>
  );
}
