import { Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Account } from '../../../shared/accounts.ts';
import { ButtonLink } from '../../components/button.tsx';

/**
 * The dashboard's front page for each role (spec section 2). Volunteers find their registrations in
 * the menu; everyone else gets a link to them here (DECISIONS 3.9).
 */
export function Welcome({ account }: { account: Account }) {
  const { t } = useTranslation('accounts');
  /** What each role can do here, in a line. */
  const roleLines = { admin: t('welcome.admin'), volunteer: t('welcome.volunteer'), donator: t('welcome.donator') };
  return (
    <Stack gap="md" align="flex-start">
      <Title order={1}>{t('welcome.title', { name: account.displayName })}</Title>
      <Text maw={640}>{roleLines[account.role]}</Text>
      <Group gap="sm">
        {account.role !== 'volunteer' && (
          <ButtonLink to="/dashboard/myEvents" variant="light">
            {t('welcome.myEvents')}
          </ButtonLink>
        )}
        {account.role === 'donator' && (
          <ButtonLink to="/events" variant="default">
            {t('welcome.browseEvents')}
          </ButtonLink>
        )}
      </Group>
    </Stack>
  );
}
