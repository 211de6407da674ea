import { Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../components/button.tsx';

/** Where an admin page about one event sends its visitor back to (its label is the page's own words: manage's backToAllEvents). */
export const backToAllEvents = { to: '/dashboard/allEvents' };

/**
 * The event id is unknown or not an id at all (the API answers 404 for both). `back` is where the
 * visitor came from: the public list unless told otherwise (the admin's All Events).
 */
export function EventNotFound({ back }: { back?: { to: string; label: string } }) {
  const { t } = useTranslation('events');
  const { to, label } = back ?? { to: '/events', label: t('notFound.back') };
  return (
    <Paper withBorder p="xl" radius="md">
      <Stack align="center" ta="center" gap="sm">
        <Title order={1}>{t('notFound.title')}</Title>
        <Text c="dimmed">{t('notFound.text')}</Text>
        <ButtonLink to={to}>{label}</ButtonLink>
      </Stack>
    </Paper>
  );
}
