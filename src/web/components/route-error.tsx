import { Container, Group, Stack, Text, Title } from '@mantine/core';
import { useRouteError } from 'react-router';
import { usePageTitle } from '../lib/use-page-title.ts';
import { Button, ButtonLink } from './button.tsx';

/** A page's code failed to load (often a new release replaced it) or a page crashed while rendering. */
export function RouteError() {
  const error = useRouteError();
  usePageTitle('Something went wrong');
  const failedToLoad = error instanceof TypeError && /import|module|fetch/i.test(error.message);

  return (
    <Container size="sm" py={64}>
      <Stack align="center" ta="center">
        <Title order={1}>Something went wrong</Title>
        <Text>
          {failedToLoad
            ? 'This page could not be loaded. Check your connection, or reload to get the latest version of the site.'
            : 'Sorry, this page stopped working. Reloading usually helps.'}
        </Text>
        <Group>
          <Button onClick={() => window.location.reload()}>Reload page</Button>
          <ButtonLink to="/" variant="default">
            Home Page
          </ButtonLink>
        </Group>
      </Stack>
    </Container>
  );
}
