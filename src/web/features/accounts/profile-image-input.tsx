import { Input, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { PROFILE_IMAGE_MAX_BYTES } from '../../../shared/accounts.ts';
import { profileImageAccept } from './api.ts';
import classes from './profile-image-input.module.css';

interface ProfileImageInputProps {
  /** What is wrong with the chosen picture, shown beside it. */
  error?: ReactNode;
  onChange: (file: File | null) => void;
}

/** The optional picture on the sign-up form: a native file input, so every browser and keyboard can use it. */
export function ProfileImageInput({ error, onChange }: ProfileImageInputProps) {
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  return (
    <div className={classes.field}>
      <label htmlFor={inputId} className={classes.label}>
        Profile Image <span className={classes.optional}>(optional)</span>
      </label>
      <input
        id={inputId}
        type="file"
        accept={profileImageAccept}
        className={classes.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${hintId} ${errorId}` : hintId}
        onChange={(event) => onChange(event.currentTarget.files?.[0] ?? null)}
      />
      <Text id={hintId} size="xs" c="dimmed">
        PNG, JPEG or WebP, up to {PROFILE_IMAGE_MAX_BYTES / 1024 / 1024} MB.
      </Text>
      {error && <Input.Error id={errorId}>{error}</Input.Error>}
    </div>
  );
}
