import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/InlineInput.css';
import { Group, Radio, Stack, TextInput } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { moneyExample, parseMoney } from '../../../shared/money.ts';
import { donationAmount } from './amount.ts';

/** What the donor picked: a preset's cents as text, or 'other' with the amount they typed. */
export interface AmountState {
  choice: string;
  other: string;
}

export interface AmountOptions {
  amounts: number[];
  currency: string;
  customAmount: boolean;
  minAmount: number;
  maxAmount: number;
}

const OTHER = 'other';

export const firstAmount = (options: AmountOptions): AmountState => ({ choice: String(options.amounts[0] ?? ''), other: '' });

/** The smallest and largest amount that can be given, in the reader's language. */
const bounds = (options: AmountOptions, language: string) => ({
  min: donationAmount(options.minAmount, options.currency, language),
  max: donationAmount(options.maxAmount, options.currency, language),
});

/**
 * The amount in cents the state names, or why it cannot be given (in the reader's words): a preset
 * always can; another amount must be money (at most two decimals) within the bounds. The server checks
 * the same again.
 */
export function chosenAmount(
  state: AmountState,
  options: AmountOptions,
  t: TFunction<'donations'>,
  language: string,
): { cents: number } | { error: string | null } {
  if (state.choice !== OTHER) return { cents: Number(state.choice) };
  if (state.other.trim() === '') return { error: null };
  const cents = parseMoney(state.other, options.currency);
  if (cents === null) return { error: t('amount.example', { example: moneyExample(options.currency) }) };
  if (cents < options.minAmount || cents > options.maxAmount) return { error: t('amount.outOfRange', bounds(options, language)) };
  return { cents };
}

interface AmountChoiceProps {
  options: AmountOptions;
  value: AmountState;
  onChange: (value: AmountState) => void;
  /** Once paying or paid, the amount stays as it is. */
  locked: boolean;
  /** Why the amount cannot be given: beside the amount typed, or the group when a preset was refused (by the server). */
  error: string | null;
}

/** The preset amounts as one radio group, the first chosen at first, and 'Other amount' when the charity allows it. */
export function AmountChoice({ options, value, onChange, locked, error }: AmountChoiceProps) {
  const { t, i18n } = useTranslation('donations');
  return (
    <Stack gap="sm">
      <Radio.Group
        label={t('amount.label')}
        value={value.choice}
        onChange={(choice) => !locked && onChange({ ...value, choice })}
        withAsterisk={false}
        error={value.choice === OTHER ? undefined : error}
      >
        <Group gap="lg" mt={6}>
          {options.amounts.map((cents) => (
            <Radio key={cents} value={String(cents)} label={donationAmount(cents, options.currency, i18n.language)} disabled={locked} />
          ))}
          {options.customAmount && <Radio value={OTHER} label={t('amount.other')} disabled={locked} />}
        </Group>
      </Radio.Group>
      {options.customAmount && value.choice === OTHER && (
        <TextInput
          label={t('amount.otherIn', { currency: options.currency.toUpperCase() })}
          description={t('amount.range', bounds(options, i18n.language))}
          inputMode="decimal"
          autoComplete="off"
          value={value.other}
          readOnly={locked}
          error={error}
          onChange={(event) => onChange({ ...value, other: event.currentTarget.value })}
          data-autofocus
        />
      )}
    </Stack>
  );
}
