import { Container, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { usePageTitle } from '../lib/use-page-title.ts';
import { Button, ButtonLink } from './button.tsx';

/** A page's code failed to load (often a new release replaced it) or a page crashed while rendering. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  usePageTitle(t('routeError.title'));
  const failedToLoad = error instanceof TypeError && /import|module|fetch/i.test(error.message);

  return (
    <Container size="sm" py={64}>
      <Stack align="center" ta="center">
        <Title order={1}>{t('routeError.title')}</Title>
        <Text>{failedToLoad ? t('routeError.failedToLoad') : t('routeError.crashed')}</Text>
        <Group>
          <Button onClick={() => window.location.reload()}>{t('routeError.reload')}</Button>
          <ButtonLink to="/" variant="default">
            {t('nav.homePage')}
          </ButtonLink>
        </Group>
      </Stack>
    </Container>
  );
}
