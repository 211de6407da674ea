import '@mantine/core/styles/Table.css';
import { Anchor, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Impact } from '../../../shared/checkin.ts';
import { formatNumber } from '../../../shared/format.ts';
import { ButtonAnchor, ButtonLink } from '../../components/button.tsx';
import { EventDate } from '../../components/event-date.tsx';
import { certificateUrl } from './api.ts';
import classes from './impact.module.css';

/**
 * The events the person was checked in at, latest first, with the hours each gave, and the certificate
 * of volunteering that lists them; or, before the first, where to find one.
 */
export function AttendedEvents({ impact }: { impact: Impact }) {
  const { t, i18n } = useTranslation('profile');
  /** Hours in quarter hours for reading: '1 hour', '2.5 hours', '0.25 hours'. */
  const hours = (count: number) =>
    t('impact.events.hoursGiven', { count, hours: formatNumber(count, i18n.language, { maximumFractionDigits: 2 }) });
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="attended-heading">
      <Stack gap="sm">
        <Title order={2} size="h3" id="attended-heading">
          {t('impact.events.heading')}
        </Title>
        {impact.events.length === 0 ? (
          <Stack gap="xs" align="flex-start">
            <Text fw={600}>{t('impact.events.none')}</Text>
            <Text c="dimmed">{t('impact.events.noneText')}</Text>
            <ButtonLink to="/events" variant="light">
              {t('impact.events.find')}
            </ButtonLink>
          </Stack>
        ) : (
          <>
            <div className={classes.tableWrap}>
              <Table striped verticalSpacing="xs">
                <VisuallyHidden component="caption">{t('impact.events.caption')}</VisuallyHidden>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t('impact.events.event')}</Table.Th>
                    <Table.Th scope="col">{t('impact.events.date')}</Table.Th>
                    <Table.Th scope="col">{t('impact.events.hours')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {impact.events.map((event) => (
                    <Table.Tr key={event.eventId}>
                      <Table.Td style={{ overflowWrap: 'anywhere' }}>
                        <Anchor component={Link} to={`/eventDetails/${encodeURIComponent(event.eventId)}`}>
                          {event.title}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>
                        <EventDate date={event.date} size="sm" />
                      </Table.Td>
                      <Table.Td>{hours(event.hours)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </div>
            <div>
              <ButtonAnchor href={certificateUrl(impact.email)} download variant="light">
                {t('impact.events.certificate')}
              </ButtonAnchor>
              <Text size="sm" c="dimmed" mt={4}>
                {t('impact.events.certificateText')}
              </Text>
            </div>
          </>
        )}
      </Stack>
    </Paper>
  );
}
