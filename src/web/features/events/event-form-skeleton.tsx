import { Skeleton, Stack, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The Update Event form's shape while the event loads. */
export function EventFormSkeleton() {
  const { t } = useTranslation('manage');
  return (
    <Stack gap="md" maw={720} role="status">
      <VisuallyHidden>{t('eventForm.loading')}</VisuallyHidden>
      <Skeleton height={14} width={120} />
      <Skeleton height={36} />
      <Skeleton height={14} width={120} />
      <Skeleton height={110} />
      <Skeleton height={14} width={120} />
      <Skeleton height={36} />
      <Skeleton style={{ aspectRatio: 16 / 9, height: 'auto' }} maw={360} />
      <Skeleton height={36} width={140} />
    </Stack>
  );
}
