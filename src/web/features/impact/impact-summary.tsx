import { Paper, SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Impact } from '../../../shared/checkin.ts';
import { formatNumber } from '../../../shared/format.ts';
import { formatAmount } from '../../../shared/money.ts';
import { useSite } from '../../lib/site.ts';
import classes from './impact.module.css';

/**
 * Each currency's total on its own: '$60.00' or '$60.00 and €10.00'; nought in the site's currency for
 * none. In the reader's language, `and` joining the currencies.
 */
export function givenText(totals: { currency: string; total: number }[], siteCurrency: string, language = 'en', and = ' and '): string {
  if (totals.length === 0) return formatAmount(0, siteCurrency, language);
  return totals.map(({ currency, total }) => formatAmount(total, currency, language)).join(and);
}

/** The person's figures at a glance, as a description list a screen reader reads as term and value. */
export function ImpactSummary({ impact }: { impact: Impact }) {
  const currency = useSite()?.currency ?? 'usd';
  const { t, i18n } = useTranslation('profile');
  const language = i18n.language;
  /** Hours in quarter hours for reading: '1 hour', '2.5 hours', '0.25 hours'. */
  const hours = (count: number) =>
    t('impact.events.hoursGiven', { count, hours: formatNumber(count, language, { maximumFractionDigits: 2 }) });
  const figures = [
    { term: t('impact.summary.hoursThisYear'), value: hours(impact.hours.thisYear) },
    { term: t('impact.summary.hoursInAll'), value: hours(impact.hours.total) },
    { term: t('impact.summary.eventsAttended'), value: formatNumber(impact.events.length, language, { useGrouping: false }) },
    { term: t('impact.summary.givenInAll'), value: givenText(impact.donations, currency, language, t('impact.donations.and')) },
  ];
  return (
    <SimpleGrid component="dl" cols={{ base: 2, md: 4 }} spacing="md" className={classes.summary} data-testid="impact-summary">
      {figures.map(({ term, value }) => (
        <Paper key={term} withBorder p="md" radius="md" className={classes.figure}>
          <Text component="dt" size="sm" c="dimmed">
            {term}
          </Text>
          <Text component="dd" size="xl" fw={700} className={classes.value}>
            {value}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
