import { Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PROFILE_IMAGE_MAX_BYTES } from '../../shared/accounts.ts';
import { formatNumber } from '../../shared/format.ts';
import { isApiError } from '../lib/api-error.ts';
import { PictureFileInput } from './picture-file-input.tsx';

const maxMegabytes = PROFILE_IMAGE_MAX_BYTES / 1024 / 1024;

/** How one form's picture field reads: its words, and which addresses it previews. */
export interface PictureAddressFieldText {
  /** 'Banner', 'Logo': the field's label, also named in the upload's hint. */
  label: string;
  description: string;
  required?: boolean;
  /** The upload button's label: 'Upload a banner picture'. */
  uploadLabel: string;
  /** Whether an address is worth fetching for the preview (one the server would accept). */
  previewable: (address: string) => boolean;
  /** The preview image's alt text, size and class. */
  preview: { alt: string; className?: string; width?: number; height?: number };
  /** Shown when the field is empty: a picture and what it is (the product's own logo). */
  fallback?: { src: string; note: string };
}

export interface PictureAddressFieldProps {
  /** The form's key and props for the field. */
  inputKey: string;
  inputProps: GetInputPropsReturnType;
  /** The address the form started with, previewed at once. */
  initial: string;
  /** A picture was uploaded: its address becomes the field's value. */
  onUploaded: (url: string) => void;
  /** The form's upload, so the form can wait for it before saving. */
  upload: UseMutationResult<string, Error, File>;
}

/**
 * A picture chosen by address (DECISIONS 3.4): an http(s) image address typed in, or a picture from the
 * admin's computer, uploaded at once, whose new address fills the field. The preview follows the field
 * when it loses focus, not on every key, so a half-typed address is never fetched. The event banner and
 * the organisation's logo are both this field.
 */
export function PictureAddressField({
  text,
  inputKey,
  inputProps,
  initial,
  onUploaded,
  upload,
}: PictureAddressFieldProps & { text: PictureAddressFieldText }) {
  const { t, i18n } = useTranslation('manage');
  const previewOf = (address: string) => (address && text.previewable(address) ? address : '');
  const [preview, setPreview] = useState(() => previewOf(initial));
  const [brokenPreview, setBrokenPreview] = useState('');
  // The address of the picture just uploaded, while the field still holds it.
  const [uploaded, setUploaded] = useState<string | null>(null);
  const uploadError = upload.error ? (isApiError(upload.error) && upload.error.fields?.image) || upload.error.message : undefined;
  const shown = preview || text.fallback?.src || '';
  const { alt, ...look } = text.preview;
  const image = <img key={shown} src={shown} alt={alt} {...look} onError={() => setBrokenPreview(shown)} />;

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
        label={text.label}
        description={text.description}
        required={text.required}
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
        label={text.uploadLabel}
        hint={t('picture.hint', { size: formatNumber(maxMegabytes, i18n.language), label: text.label })}
        error={uploadError}
        disabled={upload.isPending}
        onChange={choose}
        status={
          // An upload finishes while the admin may be elsewhere on the form: said aloud when it does.
          <>
            {upload.isPending && (
              <Group gap="xs">
                <Loader size="xs" aria-hidden="true" />
                <Text size="sm">{t('picture.uploading')}</Text>
              </Group>
            )}
            {uploaded && <Text size="sm">{t('picture.uploaded')}</Text>}
          </>
        }
      />
      {shown &&
        (brokenPreview === shown ? (
          <Text size="sm" c="dimmed">
            {t('picture.broken')}
          </Text>
        ) : text.fallback ? (
          <Group gap="sm">
            {image}
            {!preview && (
              <Text size="sm" c="dimmed">
                {text.fallback.note}
              </Text>
            )}
          </Group>
        ) : (
          image
        ))}
    </Stack>
  );
}
