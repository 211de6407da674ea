import { Stack, Text, Title } from '@mantine/core';
import { usePageTitle } from '../lib/use-page-title.ts';
import { ButtonLink } from './button.tsx';

const adminsOnly = "This page is for admins only. If you think you should have access, ask one of the charity's admins.";

/**
 * What a signed-in person sees on a page their role may not use: an admin page (DECISIONS 3.1), or
 * a page for volunteers and admins, which says so in `reason`.
 */
export function NotAuthorised({ reason = adminsOnly }: { reason?: string }) {
  usePageTitle('Not authorised');
  return (
    <Stack align="flex-start" gap="md">
      <Title order={1}>Not authorised</Title>
      <Text>{reason}</Text>
      <ButtonLink to="/dashboard">Back to Dashboard</ButtonLink>
    </Stack>
  );
}
