import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../components/button.tsx';
import { usePageTitle } from '../lib/use-page-title.ts';

/** An unknown /dashboard/… address: said inside the dashboard, so the menu stays at hand. */
export function DashboardNotFoundPage() {
  const { t } = useTranslation();
  usePageTitle(t('notFound.title'));
  return (
    <Stack gap="md" align="flex-start">
      <Title order={1}>{t('notFound.title')}</Title>
      <Text>{t('dashboard.notFound')}</Text>
      <ButtonLink to="/dashboard" variant="light">
        {t('dashboard.back')}
      </ButtonLink>
    </Stack>
  );
}
