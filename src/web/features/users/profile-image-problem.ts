import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { PROFILE_IMAGE_MAX_BYTES, profileImageTypes } from '../../../shared/accounts.ts';
import { formatNumber } from '../../../shared/format.ts';

/**
 * The browser's own check of a chosen picture, so a wrong file is caught before it is sent, in the
 * reader's language. The server decides.
 */
export function useProfileImageProblem(): (file: File) => string | null {
  const { t, i18n } = useTranslation('accounts');
  const language = i18n.language;
  return useCallback(
    (file: File) => {
      if (!(profileImageTypes as readonly string[]).includes(file.type)) return t('register.photoType');
      if (file.size > PROFILE_IMAGE_MAX_BYTES) {
        const max = formatNumber(PROFILE_IMAGE_MAX_BYTES / 1024 / 1024, language, { useGrouping: false });
        const size = formatNumber(file.size / 1024 / 1024, language, {
          minimumFractionDigits: 1,
          maximumFractionDigits: 1,
          useGrouping: false,
        });
        return t('register.photoTooBig', { max, size });
      }
      return null;
    },
    [t, language],
  );
}
