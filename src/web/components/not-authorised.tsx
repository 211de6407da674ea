import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../lib/use-page-title.ts';
import { ButtonLink } from './button.tsx';

/**
 * What a signed-in person sees on a page their role may not use: an admin page (DECISIONS 3.1), or
 * a page for volunteers and admins, which says so in `reason`.
 */
export function NotAuthorised({ reason }: { reason?: string }) {
  const { t } = useTranslation();
  usePageTitle(t('notAuthorised.title'));
  return (
    <Stack align="flex-start" gap="md">
      <Title order={1}>{t('notAuthorised.title')}</Title>
      <Text>{reason ?? t('notAuthorised.adminsOnly')}</Text>
      <ButtonLink to="/dashboard">{t('dashboard.back')}</ButtonLink>
    </Stack>
  );
}
