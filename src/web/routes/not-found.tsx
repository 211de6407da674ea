import { Container, Stack, Text, Title } from '@mantine/core';
import { ButtonLink } from '../components/button.tsx';
import { usePageTitle } from '../lib/use-page-title.ts';

export function NotFoundPage() {
  usePageTitle('Page not found');
  return (
    <Container size="sm" py={80}>
      <Stack align="center" ta="center" gap="md">
        <Text fz={72} fw={800} c="brand.8" lh={1} aria-hidden="true">
          404
        </Text>
        <Title order={1}>Page not found</Title>
        <Text c="dimmed">The page you are looking for does not exist or has moved.</Text>
        <ButtonLink to="/" size="md">
          Home Page
        </ButtonLink>
      </Stack>
    </Container>
  );
}
