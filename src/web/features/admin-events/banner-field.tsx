import { Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { PROFILE_IMAGE_MAX_BYTES } from '../../../shared/accounts.ts';
import { bannerSchema } from '../../../shared/events.ts';
import { PictureFileInput } from '../../components/picture-file-input.tsx';
import { isApiError } from '../../lib/api-error.ts';
import classes from './banner-field.module.css';

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
  const [preview, setPreview] = useState(() => (previewable(initial) ? initial : ''));
  const [brokenPreview, setBrokenPreview] = useState('');
  // The address of the picture just uploaded, while the field still holds it.
  const [uploaded, setUploaded] = useState<string | null>(null);
  const uploadError = upload.error ? (isApiError(upload.error) && upload.error.fields?.image) || upload.error.message : undefined;

  function choose(file: File | null) {
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
      <PictureFileInput
        label="Upload a banner picture"
        hint={`PNG, JPEG or WebP, up to ${maxMegabytes} MB. Its address goes into Banner.`}
        error={uploadError}
        disabled={upload.isPending}
        onChange={choose}
        status={
          // An upload finishes while the admin may be elsewhere on the form: said aloud when it does.
          <>
            {upload.isPending && (
              <Group gap="xs">
                <Loader size="xs" aria-hidden="true" />
                <Text size="sm">Uploading picture…</Text>
              </Group>
            )}
            {uploaded && <Text size="sm">Picture uploaded.</Text>}
          </>
        }
      />
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
