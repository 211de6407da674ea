import { languageNames, languages } from '../../../shared/language.ts';
import { amountsText, moneyInput } from '../../../shared/money.ts';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Fieldset.css';
import { Alert, Checkbox, Fieldset, NativeSelect, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type Site, type SiteSettings, type SiteSettingsFormValues, siteMessages, siteSettingsFormSchema } from '../../../shared/site.ts';
import { Button } from '../../components/button.tsx';
import { applyServerErrors, useSchemaForm } from '../../lib/forms/use-schema-form.ts';
import { notify } from '../../lib/notify.ts';
import { saveSite, showSavedSite, uploadLogo } from './api.ts';
import { CurrencySelect } from './currency-select.tsx';
import { LogoField } from './logo-field.tsx';
import { MarkdownField } from './markdown-field.tsx';
import { SocialLinksField } from './social-links-field.tsx';
import { TimeZoneSelect } from './time-zone-select.tsx';

/**
 * The organisation's settings (DECISIONS 4.5), checked here with the server's own schema, every
 * message beside its field (a social link's beside that link); the server's field messages go
 * there too. Saved, the header, footer and titles of this tab change at once.
 */
/** A message about one of the amounts ('donationAmounts.2') is shown on the amounts field. */
const amountItems = Object.fromEntries(Array.from({ length: 8 }, (_, i) => [`donationAmounts.${i}`, 'donationAmounts']));

export function SettingsForm({ initial }: { initial: Omit<Site, 'socialSignIn' | 'mailConfigured'> }) {
  const [failure, setFailure] = useState<Error | null>(null);
  const queryClient = useQueryClient();
  const money = (amount: number) => moneyInput(amount, initial.currency);
  const form = useSchemaForm<SiteSettingsFormValues, typeof siteSettingsFormSchema>({
    schema: siteSettingsFormSchema,
    initialValues: {
      ...initial,
      donationAmounts: amountsText(initial.donationAmounts, initial.currency),
      minAmount: money(initial.minAmount),
      maxAmount: money(initial.maxAmount),
    },
    fieldNames: amountItems,
  });
  const currency = initial.currency.toUpperCase();
  const upload = useMutation({ mutationFn: uploadLogo });
  const save = useMutation({
    mutationFn: saveSite,
    onMutate: () => setFailure(null),
    onSuccess: (saved) => {
      showSavedSite(queryClient, saved);
      void notify({ color: 'teal', message: siteMessages.saved });
    },
    // A message for a field on the form is shown beside it; anything else (a network failure, a 403) in the alert.
    onError: (error) => setFailure(applyServerErrors(form, error) ? error : null),
  });

  function handleSubmit(settings: SiteSettings) {
    if (!save.isPending && !upload.isPending) save.mutate(settings);
  }

  return (
    <form onSubmit={form.onSubmit(handleSubmit)} noValidate aria-label="Settings">
      <Stack gap="lg" maw={760}>
        <Fieldset legend="The organisation">
          <Stack gap="md">
            <TextInput
              label="Organisation name"
              description="In the header, page titles, emails and receipts."
              required
              autoComplete="organization"
              maxLength={100}
              key={form.key('name')}
              {...form.getInputProps('name')}
            />
            <TextInput
              label="Tagline"
              description="One line about what the charity does, under its name in the footer and in the home page's title."
              autoComplete="off"
              maxLength={200}
              key={form.key('tagline')}
              {...form.getInputProps('tagline')}
            />
            <TextInput
              label="Home page headline"
              description="The first big line on the home page. Leave empty for “Lend a hand where it matters”."
              autoComplete="off"
              maxLength={120}
              key={form.key('headline')}
              {...form.getInputProps('headline')}
            />
            <Textarea
              label="Text under the headline"
              description="A sentence or two under it. Leave empty for the usual words about joining volunteers."
              autoComplete="off"
              autosize
              minRows={2}
              maxLength={300}
              key={form.key('subtext')}
              {...form.getInputProps('subtext')}
            />
            <LogoField
              inputKey={form.key('logo')}
              inputProps={form.getInputProps('logo')}
              initial={initial.logo}
              onUploaded={(url) => form.setFieldValue('logo', url)}
              upload={upload}
            />
          </Stack>
        </Fieldset>

        <Fieldset legend="Contact details">
          <Stack gap="md">
            <Textarea
              label="Contact address"
              description="Postal address, in the footer, on receipts and at the foot of every email. Leave empty to show none."
              autoComplete="street-address"
              autosize
              minRows={2}
              maxRows={6}
              maxLength={500}
              key={form.key('address')}
              {...form.getInputProps('address')}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput
                label="Phone"
                type="tel"
                autoComplete="tel"
                maxLength={50}
                key={form.key('phone')}
                {...form.getInputProps('phone')}
              />
              <TextInput
                label="Contact email"
                type="email"
                autoComplete="email"
                maxLength={254}
                key={form.key('email')}
                {...form.getInputProps('email')}
              />
            </SimpleGrid>
            <TextInput
              label="Charity registration number"
              description="In the footer and on donation receipts."
              autoComplete="off"
              maxLength={100}
              key={form.key('registrationNumber')}
              {...form.getInputProps('registrationNumber')}
            />
          </Stack>
        </Fieldset>

        <SocialLinksField form={form} />

        <Fieldset legend="Time and money">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TimeZoneSelect inputKey={form.key('timeZone')} inputProps={form.getInputProps('timeZone')} saved={initial.timeZone} />
            <CurrencySelect inputKey={form.key('currency')} inputProps={form.getInputProps('currency')} saved={initial.currency} />
            <NativeSelect
              label="Default language"
              description="For visitors whose browser asks for neither language, and for mail to people who never chose one."
              data={languages.map((language) => ({ value: language, label: languageNames[language] }))}
              key={form.key('defaultLanguage')}
              {...form.getInputProps('defaultLanguage')}
            />
          </SimpleGrid>
        </Fieldset>

        <Fieldset legend="Donations">
          <Stack gap="md">
            <TextInput
              label={`Amounts offered (${currency})`}
              description="Up to 6 amounts, separated by commas; the first is chosen when the donation page opens."
              autoComplete="off"
              inputMode="decimal"
              key={form.key('donationAmounts')}
              {...form.getInputProps('donationAmounts')}
            />
            <Checkbox
              label="Let donors give another amount"
              key={form.key('customAmount')}
              {...form.getInputProps('customAmount', { type: 'checkbox' })}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput
                label={`Smallest other amount (${currency})`}
                autoComplete="off"
                inputMode="decimal"
                key={form.key('minAmount')}
                {...form.getInputProps('minAmount')}
              />
              <TextInput
                label={`Largest other amount (${currency})`}
                autoComplete="off"
                inputMode="decimal"
                key={form.key('maxAmount')}
                {...form.getInputProps('maxAmount')}
              />
            </SimpleGrid>
          </Stack>
        </Fieldset>

        <Fieldset legend="Policies">
          <Stack gap="xl">
            <MarkdownField
              label="Privacy policy"
              description="Shown at /privacy, linked from every page's footer."
              inputKey={form.key('privacy')}
              inputProps={form.getInputProps('privacy')}
              read={() => form.getValues().privacy}
            />
            <MarkdownField
              label="Terms"
              description="Shown at /terms, linked from every page's footer."
              inputKey={form.key('terms')}
              inputProps={form.getInputProps('terms')}
              read={() => form.getValues().terms}
            />
          </Stack>
        </Fieldset>

        {failure && (
          <Alert color="red" variant="light" title="The settings were not saved">
            {failure.message}
          </Alert>
        )}
        <div>
          <Button type="submit" size="md" disabled={save.isPending || upload.isPending}>
            {save.isPending ? 'Saving…' : 'Save settings'}
          </Button>
        </div>
      </Stack>
    </form>
  );
}
