import { languageNames, languages } from '../../../shared/language.ts';
import { amountsText, moneyInput } from '../../../shared/money.ts';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Fieldset.css';
import { Alert, Checkbox, Fieldset, NativeSelect, SimpleGrid, Skeleton, Stack, Textarea, TextInput, VisuallyHidden } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Site, type SiteSettings, type SiteSettingsFormValues, siteSettingsFormSchema } from '../../../shared/site.ts';
import { Button } from '../../components/button.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { applyServerErrors, useSchemaForm } from '../../lib/forms/use-schema-form.ts';
import { notify } from '../../lib/notify.ts';
import { QuestionEditor, questionQueries, useQuestionDrafts } from '../questions/api.ts';
import { saveSite, showSavedSite, uploadLogo } from './api.ts';
import { CurrencySelect } from './currency-select.tsx';
import { LogoField } from './logo-field.tsx';
import { MarkdownField } from './markdown-field.tsx';
import { SocialLinksField } from './social-links-field.tsx';
import { TimeZoneSelect } from './time-zone-select.tsx';

/** A message about one of the amounts ('donationAmounts.2') is shown on the amounts field. */
const amountItems = Object.fromEntries(Array.from({ length: 8 }, (_, i) => [`donationAmounts.${i}`, 'donationAmounts']));

interface SettingsFormProps {
  /** The settings as GET /api/site gives them, less how people sign in (the organisation's questions, for admins only, are loaded here). */
  initial: Omit<Site, 'socialSignIn' | 'mailConfigured' | 'payments'>;
}

/**
 * The organisation's settings (DECISIONS 4.5), checked here with the server's own schema, every
 * message beside its field (a social link's beside that link); the server's field messages go
 * there too. Saved, the header, footer and titles of this tab change at once.
 */
export function SettingsForm({ initial }: SettingsFormProps) {
  const { t } = useTranslation('settings');
  const { t: manage } = useTranslation('manage');
  const [failure, setFailure] = useState<Error | null>(null);
  const queryClient = useQueryClient();
  const money = (amount: number) => moneyInput(amount, initial.currency);
  // The organisation's questions (GET /api/site/questions, staff-only ones too), as the server has them now, not as this tab last saw them.
  const siteQuestions = useQuery({ ...questionQueries.ofSite(), staleTime: 0 });
  // They are edited beside the form's own boxes, and sent with them as they are at the save: only once
  // loaded (left out, the server keeps its own; an empty list would take them all away).
  const questions = useQuestionDrafts();
  const [questionsLoaded, setQuestionsLoaded] = useState(false);
  if (!questionsLoaded && siteQuestions.isFetchedAfterMount && siteQuestions.isSuccess) {
    setQuestionsLoaded(true);
    questions.reset(siteQuestions.data);
  }
  const questionsNow = useRef(questions);
  questionsNow.current = questions;
  const form = useSchemaForm<SiteSettingsFormValues, typeof siteSettingsFormSchema>({
    schema: siteSettingsFormSchema,
    initialValues: {
      ...initial,
      donationAmounts: amountsText(initial.donationAmounts, initial.currency),
      minAmount: money(initial.minAmount),
      maxAmount: money(initial.maxAmount),
      questions: [],
    },
    toInput: (values) => ({ ...values, questions: questionsNow.current.input() }),
    fieldNames: amountItems,
  });
  const currency = initial.currency.toUpperCase();
  const upload = useMutation({ mutationFn: uploadLogo });
  const save = useMutation({
    mutationFn: saveSite,
    onMutate: () => setFailure(null),
    onSuccess: (saved, sent) => {
      showSavedSite(queryClient, saved);
      // The questions sent are the organisation's now (the new events' to start with).
      if (sent.questions) queryClient.setQueryData(questionQueries.ofSite().queryKey, sent.questions);
      void notify({ color: 'teal', message: t('form.saved') });
    },
    // A message for a field on the form is shown beside it (a question's beside its box); anything else (a network failure, a 403) in the alert.
    onError: (error) => {
      questions.fail(error);
      setFailure(applyServerErrors(form, error) ? error : null);
    },
  });

  function handleSubmit({ questions: sentQuestions, ...settings }: SiteSettings) {
    // The questions passed with the rest: any problem shown before is gone.
    questions.check();
    if (!save.isPending && !upload.isPending) save.mutate(questionsLoaded ? { ...settings, questions: sentQuestions } : settings);
  }

  return (
    <form onSubmit={form.onSubmit(handleSubmit, () => questions.check())} noValidate aria-label={t('form.label')}>
      <Stack gap="lg" maw={760}>
        <Fieldset legend={t('form.organisation')}>
          <Stack gap="md">
            <TextInput
              label={t('form.name')}
              description={t('form.nameHelp')}
              required
              autoComplete="organization"
              maxLength={100}
              key={form.key('name')}
              {...form.getInputProps('name')}
            />
            <TextInput
              label={t('form.tagline')}
              description={t('form.taglineHelp')}
              autoComplete="off"
              maxLength={200}
              key={form.key('tagline')}
              {...form.getInputProps('tagline')}
            />
            <TextInput
              label={t('form.headline')}
              description={t('form.headlineHelp')}
              autoComplete="off"
              maxLength={120}
              key={form.key('headline')}
              {...form.getInputProps('headline')}
            />
            <Textarea
              label={t('form.subtext')}
              description={t('form.subtextHelp')}
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

        <Fieldset legend={t('form.contact')}>
          <Stack gap="md">
            <Textarea
              label={t('form.address')}
              description={t('form.addressHelp')}
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
                label={t('form.phone')}
                type="tel"
                autoComplete="tel"
                maxLength={50}
                key={form.key('phone')}
                {...form.getInputProps('phone')}
              />
              <TextInput
                label={t('form.email')}
                type="email"
                autoComplete="email"
                maxLength={254}
                key={form.key('email')}
                {...form.getInputProps('email')}
              />
            </SimpleGrid>
            <TextInput
              label={t('form.registrationNumber')}
              description={t('form.registrationNumberHelp')}
              autoComplete="off"
              maxLength={100}
              key={form.key('registrationNumber')}
              {...form.getInputProps('registrationNumber')}
            />
          </Stack>
        </Fieldset>

        <SocialLinksField form={form} />

        <Fieldset legend={t('form.timeAndMoney')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TimeZoneSelect inputKey={form.key('timeZone')} inputProps={form.getInputProps('timeZone')} saved={initial.timeZone} />
            <CurrencySelect inputKey={form.key('currency')} inputProps={form.getInputProps('currency')} saved={initial.currency} />
            <NativeSelect
              label={t('form.defaultLanguage')}
              description={t('form.defaultLanguageHelp')}
              data={languages.map((language) => ({ value: language, label: languageNames[language] }))}
              key={form.key('defaultLanguage')}
              {...form.getInputProps('defaultLanguage')}
            />
          </SimpleGrid>
        </Fieldset>

        <Fieldset legend={t('form.donations')}>
          <Stack gap="md">
            <TextInput
              label={t('form.amounts', { currency })}
              description={t('form.amountsHelp')}
              autoComplete="off"
              inputMode="decimal"
              key={form.key('donationAmounts')}
              {...form.getInputProps('donationAmounts')}
            />
            <Checkbox
              label={t('form.customAmount')}
              key={form.key('customAmount')}
              {...form.getInputProps('customAmount', { type: 'checkbox' })}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput
                label={t('form.minAmount', { currency })}
                autoComplete="off"
                inputMode="decimal"
                key={form.key('minAmount')}
                {...form.getInputProps('minAmount')}
              />
              <TextInput
                label={t('form.maxAmount', { currency })}
                autoComplete="off"
                inputMode="decimal"
                key={form.key('maxAmount')}
                {...form.getInputProps('maxAmount')}
              />
            </SimpleGrid>
          </Stack>
        </Fieldset>

        {questionsLoaded ? (
          <QuestionEditor drafts={questions} legend={t('questions.legend')} hint={t('questions.hint')} />
        ) : (
          <Fieldset legend={t('questions.legend')}>
            {siteQuestions.isError && siteQuestions.isFetchedAfterMount ? (
              <QueryError
                title={manage('questionEditor.siteLoadFailed')}
                error={siteQuestions.error}
                onRetry={() => void siteQuestions.refetch()}
              />
            ) : (
              <Stack gap="sm" role="status">
                <VisuallyHidden>{manage('questionEditor.siteLoading')}</VisuallyHidden>
                <Skeleton height={14} width={220} />
                <Skeleton height={36} />
                <Skeleton height={36} />
              </Stack>
            )}
          </Fieldset>
        )}

        <Fieldset legend={t('form.policies')}>
          <Stack gap="xl">
            <MarkdownField
              label={t('form.privacy')}
              description={t('form.privacyHelp')}
              inputKey={form.key('privacy')}
              inputProps={form.getInputProps('privacy')}
              read={() => form.getValues().privacy}
            />
            <MarkdownField
              label={t('form.terms')}
              description={t('form.termsHelp')}
              inputKey={form.key('terms')}
              inputProps={form.getInputProps('terms')}
              read={() => form.getValues().terms}
            />
          </Stack>
        </Fieldset>

        {failure && (
          <Alert color="red" variant="light" title={t('form.notSaved')}>
            {failure.message}
          </Alert>
        )}
        <div>
          <Button type="submit" size="md" disabled={save.isPending || upload.isPending}>
            {save.isPending ? t('form.saving') : t('form.save')}
          </Button>
        </div>
      </Stack>
    </form>
  );
}
