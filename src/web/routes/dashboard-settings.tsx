import { Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryError } from '../components/query-error.tsx';
import { TestEmailButton } from '../features/setup/test-email-button.tsx';
import { siteQueries } from '../features/site/api.ts';
import { DemoContentSection } from '../features/site/demo-content-section.tsx';
import { SettingsForm } from '../features/site/settings-form.tsx';
import { usePageTitle } from '../lib/use-page-title.ts';

/**
 * /dashboard/settings, inside RequireAdmin: the organisation's name and details (DECISIONS 4.5).
 * The form starts from the settings as the server has them now, not as this tab last saw them.
 */
export function DashboardSettingsPage() {
  const { t } = useTranslation('settings');
  usePageTitle(t('page.title'));
  const query = useQuery({ ...siteQueries.site(), staleTime: 0 });
  const ready = query.isFetchedAfterMount && query.data;
  const [formVersion, setFormVersion] = useState(0);

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{t('page.title')}</Title>
        <Text c="dimmed" mt={4}>
          {t('page.intro')}
        </Text>
      </div>
      {query.isError ? (
        <QueryError title={t('page.loadFailed')} error={query.error} onRetry={() => void query.refetch()} />
      ) : ready ? (
        <SettingsForm key={formVersion} initial={withoutSignIn(ready)} />
      ) : (
        <Stack gap="md" maw={760} role="status">
          <VisuallyHidden>{t('page.loading')}</VisuallyHidden>
          <Skeleton height={14} width={160} />
          <Skeleton height={36} />
          <Skeleton height={14} width={120} />
          <Skeleton height={36} />
          <Skeleton height={64} width={64} />
          <Skeleton height={120} />
        </Stack>
      )}
      <Stack component="section" gap="xs" aria-labelledby="settings-mail" maw={760}>
        <Title order={2} size="h3" id="settings-mail">
          {t('page.mail')}
        </Title>
        <Text size="sm">{t('page.mailText')}</Text>
        <TestEmailButton />
      </Stack>
      <DemoContentSection
        onRemoved={async () => {
          await query.refetch();
          setFormVersion((version) => version + 1);
        }}
      />
    </Stack>
  );
}

/** The settings an admin edits: everything but what the server's configuration decides (sign-in, mail, payments). */
function withoutSignIn<Settings extends { socialSignIn: unknown; mailConfigured: unknown; payments: unknown }>({
  socialSignIn: _signIn,
  mailConfigured: _mail,
  payments: _payments,
  ...settings
}: Settings) {
  return settings;
}
