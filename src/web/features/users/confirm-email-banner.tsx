import { Paper, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { type Account, mailLinkMessages } from '../../../shared/accounts.ts';
import { useSite } from '../../lib/site.ts';
import { SendLinkAgainButton } from './send-link-again.tsx';

/** Above every dashboard page until the address is confirmed: the site works meanwhile. */
export function ConfirmEmailBanner({ account }: { account: Account }) {
  const headingId = useId();
  const site = useSite();
  if (account.emailVerified) return null;
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder p="md" mb="lg" bg="yellow.0">
      <Stack gap="xs">
        <Title order={2} size="h4" id={headingId}>
          {mailLinkMessages.confirmPlease}
        </Title>
        {site?.mailConfigured === false ? (
          <Text size="sm">
            This site cannot send email yet, so no link went to {account.email}. The site works meanwhile; the site’s admin can set up mail.
          </Text>
        ) : (
          <>
            <Text size="sm">We sent a link to {account.email}. Open it to confirm that the address is yours; it works for 24 hours.</Text>
            <SendLinkAgainButton email={account.email} />
          </>
        )}
      </Stack>
    </Paper>
  );
}
