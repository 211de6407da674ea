import { Stack, Text, Title } from '@mantine/core';
import { usePageTitle } from '../lib/use-page-title.ts';
import { ButtonLink } from './button.tsx';

/** What a signed-in person who is not an admin sees on an admin page (DECISIONS 3.1). */
export function NotAuthorised() {
  usePageTitle('Not authorised');
  return (
    <Stack align="flex-start" gap="md">
      <Title order={1}>Not authorised</Title>
      <Text>This page is for admins only. If you think you should have access, ask one of the charity's admins.</Text>
      <ButtonLink to="/dashboard">Back to Dashboard</ButtonLink>
    </Stack>
  );
}
