import '@mantine/core/styles/Table.css';
import { Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Impact } from '../../../shared/checkin.ts';
import { formatNumber, formatYear } from '../../../shared/format.ts';
import { formatAmount } from '../../../shared/money.ts';
import { ButtonLink } from '../../components/button.tsx';
import { useSite } from '../../lib/site.ts';
import classes from './impact.module.css';

/** Each year's totals, latest first; a year with gifts in two currencies says both. */
function byYear(impact: Impact) {
  const years = new Map<number, { currency: string; total: number }[]>();
  for (const { year, currency, total } of impact.donationYears) years.set(year, [...(years.get(year) ?? []), { currency, total }]);
  return [...years].sort(([a], [b]) => b - a);
}

/**
 * What the person gave, in all and year by year (refunds left out), with the way to the yearly
 * statement on My Donation for a tax return; or, before the first gift, where to make one.
 */
export function DonationsByYear({ impact }: { impact: Impact }) {
  const currency = useSite()?.currency ?? 'usd';
  const { t, i18n } = useTranslation('profile');
  const language = i18n.language;
  const count = impact.donations.reduce((sum, { count }) => sum + count, 0);
  /** Each currency's total on its own: '$60.00' or '$60.00 and €10.00'; nought in the site's currency for none. */
  const givenText = (totals: { currency: string; total: number }[]) =>
    totals.length === 0
      ? formatAmount(0, currency, language)
      : totals.map(({ currency, total }) => formatAmount(total, currency, language)).join(t('impact.donations.and'));
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="donations-heading">
      <Stack gap="sm">
        <Title order={2} size="h3" id="donations-heading">
          {t('impact.donations.heading')}
        </Title>
        {count === 0 ? (
          <Stack gap="xs" align="flex-start">
            <Text fw={600}>{t('impact.donations.none')}</Text>
            <Text c="dimmed">{t('impact.donations.noneText')}</Text>
            <ButtonLink to="/events" variant="light">
              {t('impact.donations.browse')}
            </ButtonLink>
          </Stack>
        ) : (
          <>
            <Text>
              {t('impact.donations.given', {
                count,
                number: formatNumber(count, language, { useGrouping: false }),
                given: givenText(impact.donations),
              })}
            </Text>
            <div className={classes.tableWrap}>
              <Table striped verticalSpacing="xs">
                <VisuallyHidden component="caption">{t('impact.donations.caption')}</VisuallyHidden>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t('impact.donations.year')}</Table.Th>
                    <Table.Th scope="col">{t('impact.donations.total')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {byYear(impact).map(([year, totals]) => (
                    <Table.Tr key={year}>
                      <Table.Th scope="row">{formatYear(year, language)}</Table.Th>
                      <Table.Td>{givenText(totals)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </div>
            <div>
              <ButtonLink to="/dashboard/donation" variant="light">
                {t('impact.donations.statement')}
              </ButtonLink>
              <Text size="sm" c="dimmed" mt={4}>
                {t('impact.donations.statementText')}
              </Text>
            </div>
          </>
        )}
      </Stack>
    </Paper>
  );
}
