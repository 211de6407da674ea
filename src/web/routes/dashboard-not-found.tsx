import { Stack, Text, Title } from '@mantine/core';
import { ButtonLink } from '../components/button.tsx';
import { usePageTitle } from '../lib/use-page-title.ts';

/** An unknown /dashboard/… address: said inside the dashboard, so the menu stays at hand. */
export function DashboardNotFoundPage() {
  usePageTitle('Page not found');
  return (
    <Stack gap="md" align="flex-start">
      <Title order={1}>Page not found</Title>
      <Text>There is no dashboard page at this address. Choose a page from the menu.</Text>
      <ButtonLink to="/dashboard" variant="light">
        Back to Dashboard
      </ButtonLink>
    </Stack>
  );
}
