import { Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../shared/format.ts';
import { ButtonLink } from '../components/button.tsx';
import { usePageTitle } from '../lib/use-page-title.ts';

export function NotFoundPage() {
  const { t, i18n } = useTranslation();
  usePageTitle(t('notFound.title'));
  return (
    <Container size="sm" py={80}>
      <Stack align="center" ta="center" gap="md">
        <Text fz={72} fw={800} c="brand.8" lh={1} aria-hidden="true">
          {formatNumber(404, i18n.language)}
        </Text>
        <Title order={1}>{t('notFound.title')}</Title>
        <Text c="dimmed">{t('notFound.text')}</Text>
        <ButtonLink to="/" size="md">
          {t('nav.homePage')}
        </ButtonLink>
      </Stack>
    </Container>
  );
}
