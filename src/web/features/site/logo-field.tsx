import { Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { PROFILE_IMAGE_MAX_BYTES } from '../../../shared/accounts.ts';
import { pictureAddressSchema } from '../../../shared/site.ts';
import { PictureFileInput } from '../../components/picture-file-input.tsx';
import { isApiError } from '../../lib/api-error.ts';
import { webConfig } from '../../lib/config.ts';
import classes from './logo-field.module.css';

const maxMegabytes = PROFILE_IMAGE_MAX_BYTES / 1024 / 1024;
const logoSchema = pictureAddressSchema('Logo');
const previewOf = (logo: string) => (logo && logoSchema.safeParse(logo).success ? logo : '');

interface LogoFieldProps {
  inputKey: string;
  inputProps: GetInputPropsReturnType;
  /** The logo the form started with, previewed at once. */
  initial: string;
  /** A picture was uploaded: its address becomes the logo. */
  onUploaded: (url: string) => void;
  /** The form's upload, so the form can wait for it before saving. */
  upload: UseMutationResult<string, Error, File>;
}

/**
 * The logo, as an event's banner is chosen: an https address typed in, or a picture from the admin's
 * computer, uploaded at once, whose address fills the field. Empty, the product's own logo is shown.
 * The preview follows the field when it loses focus, so a half-typed address is never fetched.
 */
export function LogoField({ inputKey, inputProps, initial, onUploaded, upload }: LogoFieldProps) {
  const [preview, setPreview] = useState(() => previewOf(initial));
  const [brokenPreview, setBrokenPreview] = useState('');
  const [uploaded, setUploaded] = useState<string | null>(null);
  const uploadError = upload.error ? (isApiError(upload.error) && upload.error.fields?.image) || upload.error.message : undefined;
  const shown = preview || webConfig.logo;

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
        label="Logo"
        description="An https address of a square picture, or upload one below. Leave empty for the product's own logo."
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
          setPreview(previewOf(event.currentTarget.value.trim()));
        }}
      />
      <PictureFileInput
        label="Upload a logo"
        hint={`PNG, JPEG or WebP, up to ${maxMegabytes} MB. Its address goes into Logo.`}
        error={uploadError}
        disabled={upload.isPending}
        onChange={choose}
        status={
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
      {brokenPreview === shown ? (
        <Text size="sm" c="dimmed">
          No picture could be shown from this address.
        </Text>
      ) : (
        <Group gap="sm">
          <img
            key={shown}
            src={shown}
            alt="Logo preview"
            width={64}
            height={64}
            className={classes.preview}
            onError={() => setBrokenPreview(shown)}
          />
          {!preview && (
            <Text size="sm" c="dimmed">
              The product's own logo (none set).
            </Text>
          )}
        </Group>
      )}
    </Stack>
  );
}
