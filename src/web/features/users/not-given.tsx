import { VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A profile field the person has not filled in: a dash to the eye, 'not given' to a screen reader. */
export function NotGiven() {
  const { t } = useTranslation('profile');
  return (
    <>
      <span aria-hidden="true">—</span>
      <VisuallyHidden>{t('notGiven')}</VisuallyHidden>
    </>
  );
}

/** The value, or the 'not given' dash when there is none. */
export function OrNotGiven({ value }: { value: string | null }) {
  return value?.trim() ? value : <NotGiven />;
}
