import { Paper, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Account } from '../../../shared/accounts.ts';
import { useSite } from '../../lib/site.ts';
import { SendLinkAgainButton } from './send-link-again.tsx';

/** Above every dashboard page until the address is confirmed: the site works meanwhile. */
export function ConfirmEmailBanner({ account }: { account: Account }) {
  const { t } = useTranslation('accounts');
  const headingId = useId();
  const site = useSite();
  if (account.emailVerified) return null;
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder p="md" mb="lg" bg="yellow.0">
      <Stack gap="xs">
        <Title order={2} size="h4" id={headingId}>
          {t('confirmBanner.title')}
        </Title>
        {site?.mailConfigured === false ? (
          <Text size="sm">{t('confirmBanner.noMail', { email: account.email })}</Text>
        ) : (
          <>
            <Text size="sm">{t('confirmBanner.sent', { email: account.email })}</Text>
            <SendLinkAgainButton email={account.email} />
          </>
        )}
      </Stack>
    </Paper>
  );
}
