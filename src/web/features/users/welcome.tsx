import { Group, Stack, Text, Title } from '@mantine/core';
import type { Account } from '../../../shared/accounts.ts';
import { ButtonLink } from '../../components/button.tsx';

/** What each role can do here, in a line. */
const roleLines = {
  admin:
    'As an admin you look after the whole site: add and update events, publish notices for volunteers, approve reviews before they reach the home page, and see every registration, donation and account from the menu.',
  volunteer:
    'Thank you for volunteering. From the menu you can see the events you registered for, read notices from the team and write a review of an event.',
  donator:
    'Thank you for supporting our events. From here you can see your donations, keep your profile up to date and see the events you registered for.',
} as const;

/**
 * The dashboard's front page for each role (spec section 2). Volunteers find their registrations in
 * the menu; everyone else gets a link to them here (DECISIONS 3.9).
 */
export function Welcome({ account }: { account: Account }) {
  return (
    <Stack gap="md" align="flex-start">
      <Title order={1}>Welcome, {account.displayName}</Title>
      <Text maw={640}>{roleLines[account.role]}</Text>
      <Group gap="sm">
        {account.role !== 'volunteer' && (
          <ButtonLink to="/dashboard/myEvents" variant="light">
            My registered events
          </ButtonLink>
        )}
        {account.role === 'donator' && (
          <ButtonLink to="/events" variant="default">
            Browse events
          </ButtonLink>
        )}
      </Group>
    </Stack>
  );
}
