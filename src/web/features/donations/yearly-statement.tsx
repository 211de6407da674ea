import { Group, NativeSelect, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Donation } from '../../../shared/donations.ts';
import { formatYear } from '../../../shared/format.ts';
import { formatAmount } from '../../../shared/money.ts';
import { Button } from '../../components/button.tsx';
import { useSite } from '../../lib/site.ts';
import { donationDay } from './donation-day.ts';
import classes from './yearly-statement.module.css';

/** The year a donation was paid in, on the charity's calendar (its time zone), as tax years are counted. */
function yearOf(donation: Donation, timeZone: string | undefined): string {
  return new Intl.DateTimeFormat('en-GB', { year: 'numeric', timeZone }).format(new Date(donation.created));
}

/**
 * '$60.00' or '$60.00 and €10.00': each currency added up on its own, refunded donations left out; in
 * the reader's language, with their word for 'and', when given.
 */
export function statementTotal(donations: Donation[], siteCurrency: string, language = 'en', and = ' and '): string {
  const cents = new Map<string, number>();
  for (const donation of donations) {
    if (donation.refundedAt) continue;
    const currency = donation.currency.toLowerCase();
    cents.set(currency, (cents.get(currency) ?? 0) + donation.amount);
  }
  if (cents.size === 0) return formatAmount(0, siteCurrency, language);
  return [...cents].map(([currency, amount]) => formatAmount(amount, currency, language)).join(and);
}

/**
 * A year's donations with their total, for the donor's records or a tax return: each donation's date,
 * event, reference and amount (refunded ones shown struck through and left out of the total), the
 * charity's registered details, and Print.
 */
export function YearlyStatement({ donations, donor }: { donations: Donation[]; donor: string }) {
  const { t, i18n } = useTranslation('donations');
  const language = i18n.language;
  const site = useSite();
  const years = [...new Set(donations.map((d) => yearOf(d, site?.timeZone)))].sort().reverse();
  const [picked, setPicked] = useState<string | null>(null);
  const [printing, setPrinting] = useState(false);
  const year = picked && years.includes(picked) ? picked : years[0];
  if (!year) return null;
  const ofYear = donations.filter((d) => yearOf(d, site?.timeZone) === year);
  // The year as the reader writes it ('২০২৬' in Bengali); the select's values stay as they are.
  const yearShown = (value: string) => formatYear(Number(value), language);

  const print = () => {
    setPrinting(true);
    // Drawn with the print layout first, then printed, then back.
    requestAnimationFrame(() => {
      window.print();
      setPrinting(false);
    });
  };

  return (
    <section className={`${classes.statement} ${printing ? classes.printing : ''}`} aria-labelledby="statement-heading">
      <Stack gap="sm">
        <Group justify="space-between" align="end" gap="sm">
          <Title order={2} size="h3" id="statement-heading">
            {t('statement.heading', { year: yearShown(year) })}
          </Title>
          <Group gap="sm" data-print="hide" align="end">
            {years.length > 1 && (
              <NativeSelect
                label={t('statement.year')}
                data={years.map((value) => ({ value, label: yearShown(value) }))}
                value={year}
                onChange={(event) => setPicked(event.currentTarget.value)}
              />
            )}
            <Button variant="light" onClick={print}>
              {t('statement.print')}
            </Button>
          </Group>
        </Group>
        {site && (
          <Text size="sm" c="dimmed">
            {site.registrationNumber
              ? t('statement.charityRegistered', { name: site.name, number: site.registrationNumber, donor })
              : t('statement.charity', { name: site.name, donor })}
          </Text>
        )}
        <table className={classes.table}>
          <caption>
            <VisuallyHidden>{t('statement.caption', { year: yearShown(year) })}</VisuallyHidden>
          </caption>
          <thead>
            <tr>
              <th scope="col">{t('statement.date')}</th>
              <th scope="col">{t('statement.event')}</th>
              <th scope="col">{t('statement.reference')}</th>
              <th scope="col">{t('statement.amount')}</th>
            </tr>
          </thead>
          <tbody>
            {ofYear.map((donation) => (
              <tr key={donation._id}>
                <td>
                  <time dateTime={donation.created}>{donationDay(donation.created, language)}</time>
                </td>
                <td>{donation.event}</td>
                <td data-label={t('statement.reference')}>{donation.transaction}</td>
                <td>
                  {donation.refundedAt ? (
                    <>
                      <span className={classes.refunded}>{formatAmount(donation.amount, donation.currency, language)}</span>{' '}
                      {t('statement.refunded')}
                    </>
                  ) : (
                    formatAmount(donation.amount, donation.currency, language)
                  )}
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={3}>
                {t('statement.total', { year: yearShown(year) })}
              </th>
              <td>
                <strong data-testid="statement-total">{statementTotal(ofYear, site?.currency ?? 'usd', language, t('total.and'))}</strong>
              </td>
            </tr>
          </tfoot>
        </table>
      </Stack>
    </section>
  );
}
