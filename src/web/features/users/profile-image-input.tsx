import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { PROFILE_IMAGE_MAX_BYTES } from '../../../shared/accounts.ts';
import { PictureFileInput } from '../../components/picture-file-input.tsx';

interface ProfileImageInputProps {
  /** What is wrong with the chosen picture, shown beside it. */
  error?: ReactNode;
  onChange: (file: File | null) => void;
}

/** The optional picture on the sign-up form. */
export function ProfileImageInput({ error, onChange }: ProfileImageInputProps) {
  return (
    <PictureFileInput
      label={
        <>
          Profile Image{' '}
          <Text span c="dimmed" fw={400} inherit>
            (optional)
          </Text>
        </>
      }
      hint={`PNG, JPEG or WebP, up to ${PROFILE_IMAGE_MAX_BYTES / 1024 / 1024} MB.`}
      error={error}
      onChange={onChange}
    />
  );
}
