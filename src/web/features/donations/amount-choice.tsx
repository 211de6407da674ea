import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/InlineInput.css';
import { Group, Radio, Stack, TextInput } from '@mantine/core';
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

/**
 * The amount in cents the state names, or why it cannot be given: a preset always can; another amount
 * must be money (at most two decimals) within the bounds. The server checks the same again.
 */
export function chosenAmount(state: AmountState, options: AmountOptions): { cents: number } | { error: string | null } {
  if (state.choice !== OTHER) return { cents: Number(state.choice) };
  if (state.other.trim() === '') return { error: null };
  const cents = parseMoney(state.other, options.currency);
  if (cents === null) return { error: `Enter an amount such as ${moneyExample(options.currency)}` };
  const range = `from ${donationAmount(options.minAmount, options.currency)} to ${donationAmount(options.maxAmount, options.currency)}`;
  if (cents < options.minAmount || cents > options.maxAmount) return { error: `Choose an amount ${range}` };
  return { cents };
}

interface AmountChoiceProps {
  options: AmountOptions;
  value: AmountState;
  onChange: (value: AmountState) => void;
  /** Once paying or paid, the amount stays as it is. */
  locked: boolean;
  error: string | null;
}

/** The preset amounts as one radio group, the first chosen at first, and 'Other amount' when the charity allows it. */
export function AmountChoice({ options, value, onChange, locked, error }: AmountChoiceProps) {
  const range = `${donationAmount(options.minAmount, options.currency)} to ${donationAmount(options.maxAmount, options.currency)}`;
  return (
    <Stack gap="sm">
      <Radio.Group
        label="Amount"
        value={value.choice}
        onChange={(choice) => !locked && onChange({ ...value, choice })}
        withAsterisk={false}
      >
        <Group gap="lg" mt={6}>
          {options.amounts.map((cents) => (
            <Radio key={cents} value={String(cents)} label={donationAmount(cents, options.currency)} disabled={locked} />
          ))}
          {options.customAmount && <Radio value={OTHER} label="Other amount" disabled={locked} />}
        </Group>
      </Radio.Group>
      {options.customAmount && value.choice === OTHER && (
        <TextInput
          label={`Other amount (${options.currency.toUpperCase()})`}
          description={`From ${range}`}
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
