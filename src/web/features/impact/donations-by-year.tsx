import '@mantine/core/styles/Table.css';
import { Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import type { Impact } from '../../../shared/checkin.ts';
import { ButtonLink } from '../../components/button.tsx';
import { counted } from '../../lib/counted.ts';
import { useSite } from '../../lib/site.ts';
import classes from './impact.module.css';
import { givenText } from './impact-summary.tsx';

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
  const count = impact.donations.reduce((sum, { count }) => sum + count, 0);
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="donations-heading">
      <Stack gap="sm">
        <Title order={2} size="h3" id="donations-heading">
          Donations
        </Title>
        {count === 0 ? (
          <Stack gap="xs" align="flex-start">
            <Text fw={600}>No donations yet</Text>
            <Text c="dimmed">Every event page has 'Donate Money' to support it.</Text>
            <ButtonLink to="/events" variant="light">
              Browse events
            </ButtonLink>
          </Stack>
        ) : (
          <>
            <Text>
              {givenText(impact.donations, currency)} in {counted(count, 'donation')}.
            </Text>
            <div className={classes.tableWrap}>
              <Table striped verticalSpacing="xs">
                <VisuallyHidden component="caption">Donations per year, latest first</VisuallyHidden>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Year</Table.Th>
                    <Table.Th scope="col">Given</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {byYear(impact).map(([year, totals]) => (
                    <Table.Tr key={year}>
                      <Table.Th scope="row">{year}</Table.Th>
                      <Table.Td>{givenText(totals, currency)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </div>
            <div>
              <ButtonLink to="/dashboard/donation" variant="light">
                Donation statement
              </ButtonLink>
              <Text size="sm" c="dimmed" mt={4}>
                Each year's donations, to print for your records or a tax return, on My Donation.
              </Text>
            </div>
          </>
        )}
      </Stack>
    </Paper>
  );
}
