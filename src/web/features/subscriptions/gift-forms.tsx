// The two forms a monthly gift's dialogs hold, loaded when a dialog first needs them (gift-dialogs.tsx):
// they check what is typed with zod, which My Donation and the manage-link page otherwise never load.
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/InlineInput.css';
import { Alert, Group, Radio, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { TFunction } from 'i18next';
import { type RefObject, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { formatMoney, moneyExample, moneyInput, parseMoney } from '../../../shared/money.ts';
import type { Site } from '../../../shared/site.ts';
import type { Subscription, SubscriptionChange } from '../../../shared/subscriptions.ts';
import { Button } from '../../components/button.tsx';
import { applyServerErrors, useSchemaForm } from '../../lib/forms/use-schema-form.ts';
import { useSite } from '../../lib/site.ts';
import {
  testCardFieldNames as cardFieldNames,
  testCardFormSchema as cardFormSchema,
  emptyTestCard as emptyCard,
} from '../../lib/test-card.ts';
import { changeGift, type GiftAddress, replaceGiftCard } from './api.ts';
import { useGiftChange } from './use-gift-change.ts';

interface GiftFormProps {
  gift: Subscription;
  address: GiftAddress;
  /** Closes the dialog, nothing changed. */
  onBack: () => void;
  /** The change is made: the dialog closes (the gift as the server answered). */
  onDone: (gift: Subscription) => void;
}

/** Focus on the form's first field once it is drawn, when the dialog opened before the form had loaded. */
function useFirstFieldFocus(form: RefObject<HTMLFormElement | null>) {
  useEffect(() => {
    const element = form.current;
    if (element && !element.contains(document.activeElement)) element.querySelector<HTMLElement>('[data-autofocus]')?.focus();
  }, [form]);
}

/** What a new amount may be: the site's preset amounts only, or any amount (within its bounds when they are in the gift's currency). */
interface AmountRules {
  currency: string;
  presets: number[] | null;
  bounds: { min: number; max: number } | null;
}

function amountRules(site: Site | undefined, currency: string): AmountRules {
  const sameCurrency = site !== undefined && site.currency.toLowerCase() === currency.toLowerCase();
  if (sameCurrency && !site.customAmount && site.donationAmounts.length > 0)
    return { currency, presets: site.donationAmounts, bounds: null };
  return { currency, presets: null, bounds: sameCurrency ? { min: site.minAmount, max: site.maxAmount } : null };
}

/** An amount as the dialog shows it: '$30', '$12.50', in the reader's digits. */
const shown = (minor: number, currency: string, language: string) => formatMoney(minor, currency, { whole: true, language });

/** The typed (or chosen) amount in minor units, or why it cannot be given, in the reader's words. The server checks again. */
function amountFormSchema(rules: AmountRules, t: TFunction<'monthly'>, language: string) {
  return z.object({ amount: z.string() }).transform(({ amount }, context): { amount: number } => {
    const minor = parseMoney(amount, rules.currency);
    let problem: string | null = null;
    if (minor === null) {
      if (amount.trim() !== '') problem = t('amount.example', { example: moneyExample(rules.currency) });
      else problem = rules.presets ? t('amount.choose') : t('amount.required');
    } else if (rules.bounds && (minor < rules.bounds.min || minor > rules.bounds.max)) {
      problem = t('amount.outOfRange', {
        min: shown(rules.bounds.min, rules.currency, language),
        max: shown(rules.bounds.max, rules.currency, language),
      });
    }
    if (problem !== null || minor === null) {
      context.addIssue({ code: 'custom', path: ['amount'], message: problem ?? '' });
      return z.NEVER;
    }
    return { amount: minor };
  });
}

/** A new amount for the gift: the site's presets as a choice, or a box for any amount within its bounds. */
export function AmountForm({ gift, address, onBack, onDone }: GiftFormProps) {
  const { t, i18n } = useTranslation('monthly');
  const language = i18n.language;
  const site = useSite();
  const rules = useMemo(() => amountRules(site, gift.currency), [site, gift.currency]);
  const schema = useMemo(() => amountFormSchema(rules, t, language), [rules, t, language]);
  const current = moneyInput(gift.amount, gift.currency);
  const presetValues = rules.presets?.map((minor) => moneyInput(minor, gift.currency)) ?? null;
  const form = useSchemaForm({
    schema,
    initialValues: { amount: presetValues && !presetValues.includes(current) ? '' : current },
  });
  const formElement = useRef<HTMLFormElement>(null);
  useFirstFieldFocus(formElement);
  const [failure, setFailure] = useState<Error | null>(null);
  const save = useGiftChange<SubscriptionChange>({
    address,
    send: changeGift,
    done: (changed) => t('amount.done', { amount: shown(changed.amount, changed.currency, language) }),
    onDone,
  });
  const submit = form.onSubmit(({ amount }) => {
    setFailure(null);
    // The same amount again changes nothing (and the server mails nothing): the dialog just closes.
    if (amount === gift.amount) return onBack();
    // The server's word on the amount (out of its bounds) goes beside the field; anything else under it.
    save.mutate({ amount }, { onError: (error) => setFailure(applyServerErrors(form, error) ? error : null) });
  });

  return (
    <form ref={formElement} onSubmit={submit} noValidate aria-label={t('amount.title')}>
      <Stack gap="md">
        <Text>{t('amount.now', { amount: shown(gift.amount, gift.currency, language) })}</Text>
        {presetValues ? (
          <Radio.Group label={t('amount.pick')} key={form.key('amount')} {...form.getInputProps('amount', { ariaInvalid: false })}>
            <Group gap="lg" mt={6}>
              {presetValues.map((value, index) => (
                <Radio
                  key={value}
                  value={value}
                  label={shown(rules.presets?.[index] ?? 0, gift.currency, language)}
                  data-autofocus={value === current || (index === 0 && !presetValues.includes(current)) || undefined}
                />
              ))}
            </Group>
          </Radio.Group>
        ) : (
          <TextInput
            label={t('amount.label', { currency: gift.currency.toUpperCase() })}
            description={
              rules.bounds
                ? t('amount.range', {
                    min: shown(rules.bounds.min, gift.currency, language),
                    max: shown(rules.bounds.max, gift.currency, language),
                  })
                : undefined
            }
            inputMode="decimal"
            autoComplete="off"
            data-autofocus
            key={form.key('amount')}
            {...form.getInputProps('amount')}
          />
        )}
        {failure && (
          <Alert color="red" variant="light" title={t('amount.failed')}>
            {failure.message}
          </Alert>
        )}
        <Group gap="sm" justify="flex-end">
          <Button variant="default" onClick={onBack} disabled={save.isPending}>
            {t('dialog.back')}
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? t('dialog.saving') : t('amount.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The card later payments are taken from, in test mode: the offline gateway's test cards, clearly labelled. */
export function CardForm({ gift, address, onBack, onDone }: GiftFormProps) {
  const { t } = useTranslation('monthly');
  const form = useSchemaForm({ schema: cardFormSchema, initialValues: emptyCard, fieldNames: cardFieldNames });
  const formElement = useRef<HTMLFormElement>(null);
  useFirstFieldFocus(formElement);
  const [failure, setFailure] = useState<Error | null>(null);
  const save = useGiftChange({
    address,
    send: replaceGiftCard,
    done: (changed) => (changed.last4 ? t('card.doneEnding', { last4: changed.last4 }) : t('card.done')),
    // A gift whose payment was refused is charged at once with the new card: refused again, the server still
    // answers 200, with the gift still failing or, after its last try, ended.
    instead: (changed) =>
      changed.status === 'ended'
        ? { color: 'red', message: t('card.refusedEnded') }
        : changed.paymentFailing
          ? { color: 'red', message: t('card.refusedAgain') }
          : null,
    // That payment, when it goes through, is a donation on My Donation.
    mayPay: true,
    onDone,
  });
  const submit = form.onSubmit((card) => {
    setFailure(null);
    // A field the server names goes beside it; a refused card is said under the fields, as the gateway words it.
    save.mutate(card, { onError: (error) => setFailure(applyServerErrors(form, error) ? error : null) });
  });
  const noticeId = useId();

  return (
    <form ref={formElement} onSubmit={submit} noValidate aria-label={t('card.title')} aria-describedby={noticeId}>
      <Stack gap="md">
        <div
          id={noticeId}
          style={{
            padding: 'var(--mantine-spacing-sm) var(--mantine-spacing-md)',
            background: 'var(--mantine-color-brand-0)',
            border: '1px dashed var(--mantine-color-brand-8)',
            borderRadius: 'var(--mantine-radius-md)',
          }}
        >
          <Text fw={700} c="brand.9">
            {t('card.testMode')}
          </Text>
          <Text size="sm">{t('card.testHelp')}</Text>
        </div>
        {gift.last4 && <Text size="sm">{t('card.now', { last4: gift.last4 })}</Text>}
        <TextInput
          label={t('card.number')}
          name="cardnumber"
          autoComplete="off"
          inputMode="numeric"
          maxLength={23}
          data-autofocus
          key={form.key('number')}
          {...form.getInputProps('number')}
        />
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
          <TextInput
            label={t('card.expiry')}
            name="cc-exp"
            autoComplete="off"
            inputMode="numeric"
            placeholder={t('card.expiryPlaceholder')}
            maxLength={9}
            key={form.key('expiry')}
            {...form.getInputProps('expiry')}
          />
          <TextInput
            label={t('card.cvc')}
            name="cvc"
            autoComplete="off"
            inputMode="numeric"
            maxLength={4}
            key={form.key('cvc')}
            {...form.getInputProps('cvc')}
          />
          <TextInput
            label={t('card.postalCode')}
            name="postal"
            autoComplete="postal-code"
            maxLength={12}
            key={form.key('postalCode')}
            {...form.getInputProps('postalCode')}
          />
        </SimpleGrid>
        {failure && (
          <Alert color="red" variant="light" title={t('card.failed')} role="alert">
            {failure.message}
          </Alert>
        )}
        <Group gap="sm" justify="flex-end">
          <Button variant="default" onClick={onBack} disabled={save.isPending}>
            {t('dialog.back')}
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? t('dialog.saving') : t('card.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
