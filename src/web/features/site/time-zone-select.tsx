import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Combobox.css';
import { Select } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** Every time zone the browser knows, with the one saved first kept even when the browser does not list it ('UTC'). */
function timeZones(saved: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([saved, 'UTC', ...known])].filter(Boolean).sort();
}

/** The offset a zone has today, for the list: 'Europe/London (GMT+1)'. */
function labelOf(zone: string, language: string): string {
  try {
    const offset = new Intl.DateTimeFormat(language === 'bn' ? 'bn-BD' : 'en-GB', { timeZone: zone, timeZoneName: 'shortOffset' })
      .formatToParts(new Date())
      .find((part) => part.type === 'timeZoneName')?.value;
    return offset ? `${zone.replaceAll('_', ' ')} (${offset})` : zone;
  } catch {
    return zone;
  }
}

/**
 * The site's time zone: a searchable list (type 'lond' for Europe/London), because a zone's name
 * must be exact. Event times are wall-clock times in this zone.
 */
export function TimeZoneSelect({ inputKey, inputProps, saved }: { inputKey: string; inputProps: GetInputPropsReturnType; saved: string }) {
  const { t, i18n } = useTranslation('settings');
  const language = i18n.language;
  const data = useMemo(() => timeZones(saved).map((zone) => ({ value: zone, label: labelOf(zone, language) })), [saved, language]);
  return (
    <Select
      label={t('timeZone.label')}
      description={t('timeZone.help')}
      required
      searchable
      allowDeselect={false}
      nothingFoundMessage={t('timeZone.nothingFound')}
      maxDropdownHeight={280}
      data={data}
      key={inputKey}
      {...inputProps}
    />
  );
}
