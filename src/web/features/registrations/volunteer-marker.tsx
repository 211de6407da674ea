import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The card's 'Volunteer' marker: a small raised-hand picture and the word. */
export function VolunteerMarker() {
  const { t } = useTranslation('registrations');
  return (
    <Group gap={6} wrap="nowrap">
      <svg
        viewBox="0 0 24 24"
        width={20}
        height={20}
        fill="none"
        stroke="var(--mantine-color-brand-8)"
        strokeWidth={1.8}
        aria-hidden="true"
      >
        <path d="M8 13V5.5a1.5 1.5 0 0 1 3 0V11" />
        <path d="M11 10.5v-6a1.5 1.5 0 0 1 3 0v6" />
        <path d="M14 10.5V6a1.5 1.5 0 0 1 3 0v7.5" />
        <path d="M17 10.5a1.5 1.5 0 0 1 3 0V15a7 7 0 0 1-7 7h-1.2a6 6 0 0 1-4.5-2.1L3.6 16.6a1.6 1.6 0 0 1 2.3-2.2L8 16" />
      </svg>
      <Text size="sm" fw={600} c="brand.9">
        {t('card.volunteer')}
      </Text>
    </Group>
  );
}
