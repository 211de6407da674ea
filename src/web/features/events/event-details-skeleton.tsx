import { Skeleton, Stack, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function EventDetailsSkeleton() {
  const { t } = useTranslation('events');
  return (
    <Stack gap="lg" role="status" data-loading>
      <VisuallyHidden>{t('details.loading')}</VisuallyHidden>
      <Skeleton style={{ aspectRatio: 2, height: 'auto' }} />
      <Skeleton height={36} width="60%" />
      <Skeleton height={20} width="40%" />
      <Skeleton height={16} />
      <Skeleton height={16} />
      <Skeleton height={16} width="80%" />
    </Stack>
  );
}
