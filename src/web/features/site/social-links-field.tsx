import '@mantine/core/styles/Fieldset.css';
import { Fieldset, Group, Stack, Text, TextInput } from '@mantine/core';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../shared/format.ts';
import type { SiteSettingsFormOutput, SiteSettingsFormValues } from '../../../shared/site.ts';
import { Button } from '../../components/button.tsx';
import type { SchemaForm } from '../../lib/forms/use-schema-form.ts';
import classes from './social-links-field.module.css';

/** As many as the server takes. */
const maxLinks = 8;

/**
 * The organisation's social pages: a row per link (its name and https address), added and removed
 * here and saved with the rest. Adding a row puts the cursor in it; removing one puts it on the
 * next row, or on 'Add a link' when none is left.
 */
export function SocialLinksField({ form }: { form: SchemaForm<SiteSettingsFormValues, SiteSettingsFormOutput> }) {
  const { t, i18n } = useTranslation('settings');
  const number = (n: number) => formatNumber(n, i18n.language);
  const links = form.getValues().socialLinks;
  const fieldset = useRef<HTMLFieldSetElement>(null);
  const listError = form.errors.socialLinks;

  /** After the rows have changed on screen. */
  function focusRow(index: number) {
    requestAnimationFrame(() => {
      const rows = fieldset.current?.querySelectorAll<HTMLInputElement>('input[data-link-label]');
      const target = rows?.[Math.min(index, (rows?.length ?? 0) - 1)];
      if (target) target.focus();
      else fieldset.current?.querySelector<HTMLButtonElement>('button[data-add-link]')?.focus();
    });
  }

  return (
    <Fieldset legend={t('social.legend')} ref={fieldset}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('social.help')}
        </Text>
        {links.length === 0 && <Text size="sm">{t('social.none')}</Text>}
        {links.map((_, index) => (
          <Group key={form.key(`socialLinks.${index}`)} align="flex-start" gap="sm" wrap="wrap">
            <TextInput
              label={t('social.name', { n: number(index + 1) })}
              required
              autoComplete="off"
              maxLength={40}
              w={{ base: '100%', sm: 180 }}
              data-link-label=""
              key={form.key(`socialLinks.${index}.label`)}
              {...form.getInputProps(`socialLinks.${index}.label`)}
            />
            <TextInput
              label={t('social.address', { n: number(index + 1) })}
              required
              inputMode="url"
              autoComplete="off"
              maxLength={2000}
              style={{ flex: 1, minWidth: 220 }}
              key={form.key(`socialLinks.${index}.url`)}
              {...form.getInputProps(`socialLinks.${index}.url`)}
            />
            <div className={classes.remove}>
              <Button
                variant="default"
                onClick={() => {
                  form.removeListItem('socialLinks', index);
                  focusRow(index);
                }}
              >
                {t('social.remove', { n: number(index + 1) })}
              </Button>
            </div>
          </Group>
        ))}
        {listError && (
          <Text size="sm" c="red.9" role="alert">
            {listError}
          </Text>
        )}
        <div>
          <Button
            variant="light"
            data-add-link=""
            disabled={links.length >= maxLinks}
            onClick={() => {
              form.insertListItem('socialLinks', { label: '', url: 'https://' });
              focusRow(links.length);
            }}
          >
            {t('social.add')}
          </Button>
          {links.length >= maxLinks && (
            <Text size="sm" c="dimmed" mt={4}>
              {t('social.max', { n: number(maxLinks) })}
            </Text>
          )}
        </div>
      </Stack>
    </Fieldset>
  );
}
