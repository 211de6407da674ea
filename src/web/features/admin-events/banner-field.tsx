import { Group, Input, Loader, Stack, Text, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import type { UseMutationResult } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { PROFILE_IMAGE_MAX_BYTES } from '../../../shared/accounts.ts';
import { bannerSchema } from '../../../shared/events.ts';
import { isApiError } from '../../lib/api-error.ts';
import classes from './banner-field.module.css';

/** What POST /api/images takes; the server checks the bytes themselves. */
const pictureTypes = 'image/png,image/jpeg,image/webp';
const maxMegabytes = PROFILE_IMAGE_MAX_BYTES / 1024 / 1024;

const previewable = (banner: string) => bannerSchema.safeParse(banner).success;

interface BannerFieldProps {
  /** The form's key and props for the banner field. */
  inputKey: string;
  inputProps: GetInputPropsReturnType;
  /** The banner the form started with, previewed at once. */
  initial: string;
  /** A picture was uploaded: its address becomes the banner. */
  onUploaded: (url: string) => void;
  /** The form's upload, so the form can wait for it before saving. */
  upload: UseMutationResult<string, Error, File>;
}

/**
 * The banner (DECISIONS 3.4): an http(s) image address typed in, or a picture from the admin's
 * computer, uploaded at once, whose new address fills the field. The preview follows the field
 * when it loses focus, not on every key, so a half-typed address is never fetched.
 */
export function BannerField({ inputKey, inputProps, initial, onUploaded, upload }: BannerFieldProps) {
  const fileId = useId();
  const fileHintId = useId();
  const fileErrorId = useId();
  const [preview, setPreview] = useState(() => (previewable(initial) ? initial : ''));
  const [brokenPreview, setBrokenPreview] = useState('');
  // The address of the picture just uploaded, while the field still holds it.
  const [uploaded, setUploaded] = useState<string | null>(null);
  const uploadError = upload.error ? (isApiError(upload.error) && upload.error.fields?.image) || upload.error.message : undefined;

  function choose(file: File | undefined) {
    if (!file) return;
    upload.mutate(file, {
      onSuccess: (url) => {
        onUploaded(url);
        setPreview(url);
        setUploaded(url);
      },
    });
  }

  return (
    <Stack gap="sm">
      <TextInput
        label="Banner"
        description="An https address of an image, or upload a picture below."
        required
        inputMode="url"
        autoComplete="off"
        maxLength={2000}
        key={inputKey}
        {...inputProps}
        onChange={(event) => {
          inputProps.onChange(event);
          setUploaded(null);
        }}
        onBlur={(event) => {
          inputProps.onBlur?.(event);
          const typed = event.currentTarget.value;
          setPreview(previewable(typed) ? typed : '');
        }}
      />
      <div className={classes.file}>
        {/* Mantine's label, hint and error pieces, so this native input reads like the fields around it. */}
        <Input.Label htmlFor={fileId}>Upload a banner picture</Input.Label>
        <input
          id={fileId}
          type="file"
          accept={pictureTypes}
          className={classes.input}
          disabled={upload.isPending}
          aria-invalid={uploadError ? true : undefined}
          aria-describedby={uploadError ? `${fileHintId} ${fileErrorId}` : fileHintId}
          onChange={(event) => choose(event.currentTarget.files?.[0])}
        />
        <Input.Description id={fileHintId}>PNG, JPEG or WebP, up to {maxMegabytes} MB. Its address goes into Banner.</Input.Description>
        {/* An upload finishes while the admin may be elsewhere on the form: said aloud when it does. */}
        <div role="status">
          {upload.isPending && (
            <Group gap="xs">
              <Loader size="xs" aria-hidden="true" />
              <Text size="sm">Uploading picture…</Text>
            </Group>
          )}
          {uploaded && <Text size="sm">Picture uploaded.</Text>}
        </div>
        <div role="alert">{uploadError && <Input.Error id={fileErrorId}>{uploadError}</Input.Error>}</div>
      </div>
      {preview &&
        (brokenPreview === preview ? (
          <Text size="sm" c="dimmed">
            No picture could be shown from this address.
          </Text>
        ) : (
          <img key={preview} src={preview} alt="Banner preview" className={classes.preview} onError={() => setBrokenPreview(preview)} />
        ))}
    </Stack>
  );
}
