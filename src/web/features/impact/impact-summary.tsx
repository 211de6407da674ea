import { Paper, SimpleGrid, Text } from '@mantine/core';
import type { Impact } from '../../../shared/checkin.ts';
import { formatAmount } from '../../../shared/money.ts';
import { formatHours } from '../../lib/format-hours.ts';
import { useSite } from '../../lib/site.ts';
import classes from './impact.module.css';

/** Each currency's total on its own: '$60.00' or '$60.00 and €10.00'; nought in the site's currency for none. */
export function givenText(totals: { currency: string; total: number }[], siteCurrency: string): string {
  if (totals.length === 0) return formatAmount(0, siteCurrency);
  return totals.map(({ currency, total }) => formatAmount(total, currency)).join(' and ');
}

/** The person's figures at a glance, as a description list a screen reader reads as term and value. */
export function ImpactSummary({ impact }: { impact: Impact }) {
  const currency = useSite()?.currency ?? 'usd';
  const figures = [
    { term: 'Hours this year', value: formatHours(impact.hours.thisYear) },
    { term: 'Hours in all', value: formatHours(impact.hours.total) },
    { term: 'Events attended', value: String(impact.events.length) },
    { term: 'Given in all', value: givenText(impact.donations, currency) },
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
