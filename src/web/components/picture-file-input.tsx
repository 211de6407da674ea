import { Input } from '@mantine/core';
import { type ReactNode, useId } from 'react';
import { profileImageTypes } from '../../shared/accounts.ts';
import classes from './picture-file-input.module.css';

interface PictureFileInputProps {
  label: ReactNode;
  /** What may be chosen: 'PNG, JPEG or WebP, up to 2 MB.' */
  hint: ReactNode;
  /** What is wrong with the chosen picture, said beside it. */
  error?: ReactNode;
  disabled?: boolean;
  onChange: (file: File | null) => void;
  /** Said as it changes (an upload's progress), under the hint. */
  status?: ReactNode;
}

/**
 * Choosing a picture (the sign-up form's photo, an event's banner): a native file input, so every
 * browser and keyboard can use it, with Mantine's label, hint and error pieces, so it reads like
 * the fields around it. The error is announced when it appears and linked to the input.
 */
export function PictureFileInput({ label, hint, error, disabled, onChange, status }: PictureFileInputProps) {
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  return (
    <div className={classes.field}>
      <Input.Label htmlFor={inputId}>{label}</Input.Label>
      <input
        id={inputId}
        type="file"
        accept={profileImageTypes.join(',')}
        className={classes.input}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${hintId} ${errorId}` : hintId}
        onChange={(event) => onChange(event.currentTarget.files?.[0] ?? null)}
      />
      <Input.Description id={hintId}>{hint}</Input.Description>
      {status !== undefined && <div role="status">{status}</div>}
      <div role="alert">{error && <Input.Error id={errorId}>{error}</Input.Error>}</div>
    </div>
  );
}
