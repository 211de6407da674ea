import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PROFILE_IMAGE_MAX_BYTES } from '../../../shared/accounts.ts';
import { formatNumber } from '../../../shared/format.ts';
import { PictureFileInput } from '../../components/picture-file-input.tsx';

interface ProfileImageInputProps {
  /** What is wrong with the chosen picture, shown beside it. */
  error?: ReactNode;
  onChange: (file: File | null) => void;
}

/** The optional picture on the sign-up form. */
export function ProfileImageInput({ error, onChange }: ProfileImageInputProps) {
  const { t, i18n } = useTranslation('accounts');
  return (
    <PictureFileInput
      label={
        <>
          {t('register.photo')}{' '}
          <Text span c="dimmed" fw={400} inherit>
            {t('register.optional')}
          </Text>
        </>
      }
      hint={t('register.photoHint', { size: formatNumber(PROFILE_IMAGE_MAX_BYTES / 1024 / 1024, i18n.language) })}
      error={error}
      onChange={onChange}
    />
  );
}
