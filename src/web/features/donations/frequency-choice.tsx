import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/InlineInput.css';
import { Group, Radio } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { GiftFrequency } from './api.ts';

interface FrequencyChoiceProps {
  value: GiftFrequency;
  onChange: (value: GiftFrequency) => void;
  /** Once paying or paid, the choice stays as it is. */
  locked: boolean;
}

const isFrequency = (value: string): value is GiftFrequency => value === 'once' || value === 'monthly';

/**
 * Give once or every month, as one radio group named 'How often' (once at first). A monthly gift says
 * under the choice when it is charged and where it is managed, and the radio group is described by it.
 */
export function FrequencyChoice({ value, onChange, locked }: FrequencyChoiceProps) {
  const { t } = useTranslation('donations');
  return (
    <Radio.Group
      label={t('frequency.label')}
      value={value}
      onChange={(choice) => !locked && isFrequency(choice) && onChange(choice)}
      withAsterisk={false}
      description={value === 'monthly' ? t('frequency.monthlyNote') : undefined}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
    >
      <Group gap="lg" mt={6} mb={value === 'monthly' ? 6 : 0}>
        <Radio value="once" label={t('frequency.once')} disabled={locked} />
        <Radio value="monthly" label={t('frequency.monthly')} disabled={locked} />
      </Group>
    </Radio.Group>
  );
}
