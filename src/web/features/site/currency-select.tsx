import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Combobox.css';
import { Select } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** The currencies the browser can name, as the gateways write them (lower case), with the saved one kept. */
function currencies(saved: string, language: string): { value: string; label: string }[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('currency') : [];
  const names = new Intl.DisplayNames([language === 'bn' ? 'bn-BD' : 'en'], { type: 'currency' });
  const codes = [...new Set([saved.toUpperCase(), 'USD', 'GBP', 'EUR', ...known])].filter((code) => /^[A-Z]{3}$/.test(code)).sort();
  return codes.map((code) => ({ value: code.toLowerCase(), label: `${code}: ${names.of(code) ?? code}` }));
}

/** The currency donations are taken in: a searchable list of ISO 4217 codes ('gbp', 'British Pound'). */
export function CurrencySelect({ inputKey, inputProps, saved }: { inputKey: string; inputProps: GetInputPropsReturnType; saved: string }) {
  const { t, i18n } = useTranslation('settings');
  const language = i18n.language;
  const data = useMemo(() => currencies(saved, language), [saved, language]);
  return (
    <Select
      label={t('currency.label')}
      description={t('currency.help')}
      required
      searchable
      allowDeselect={false}
      nothingFoundMessage={t('currency.nothingFound')}
      maxDropdownHeight={280}
      data={data}
      key={inputKey}
      {...inputProps}
    />
  );
}
