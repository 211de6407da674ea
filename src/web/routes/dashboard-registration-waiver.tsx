import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { deletedDonorLabel, isDeletedDonor } from '../../shared/donations.ts';
import { formatNumber } from '../../shared/format.ts';
import { Button, ButtonLink } from '../components/button.tsx';
import { LoadingBlocks } from '../components/loading-placeholders.tsx';
import { QueryError } from '../components/query-error.tsx';
import { waiverQueries } from '../features/waivers/api.ts';
import { WaiverParagraphs } from '../features/waivers/waiver-text.tsx';
import { isApiError } from '../lib/api-error.ts';
import { usePageTitle } from '../lib/use-page-title.ts';
import classes from './dashboard-registration-waiver.module.css';

const signedAtFormats = new Map<string, Intl.DateTimeFormat>();

/** When it was signed, to the minute: '21 November 2026 at 09:21' in English, in Bengali with Bengali digits. */
function formatSignedAt(value: string, language: string): string {
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime())) return value;
  let format = signedAtFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(language === 'bn' ? 'bn-BD' : 'en-GB', { dateStyle: 'long', timeStyle: 'short', hourCycle: 'h23' });
    signedAtFormats.set(language, format);
  }
  return format.format(instant);
}

/**
 * /dashboard/registrations/{registrationId}/waiver: the waiver signed with a registration, for the person
 * or an admin, laid out to print (the Print button; printed, the site's navigation and the buttons are
 * left out): the event, the text signed and its version, the names signed, when and from which network
 * address, and the text's SHA-256 hash (the same text always gives the same hash).
 */
export function DashboardRegistrationWaiverPage() {
  const { t, i18n } = useTranslation('registrations');
  const language = i18n.language;
  const { registrationId = '' } = useParams();
  const query = useQuery(waiverQueries.signed(registrationId));
  const notFound = isApiError(query.error, 'not_found');
  usePageTitle(notFound ? t('waiver.page.notFound') : t('waiver.page.title'));

  if (notFound) {
    return (
      <Paper withBorder p="xl" radius="md">
        <Stack align="center" ta="center" gap="sm">
          <Title order={1}>{t('waiver.page.notFound')}</Title>
          <Text c="dimmed">{t('waiver.page.notFoundText')}</Text>
          <ButtonLink to="/dashboard/myEvents">{t('waiver.page.back')}</ButtonLink>
        </Stack>
      </Paper>
    );
  }

  const signed = query.data;
  return (
    <Stack gap="lg">
      {query.isPending && (
        <LoadingBlocks label={t('waiver.page.loading')} blocks={[{ height: 32, width: '50%' }, { height: 320 }]} maw={720} />
      )}
      {query.isError && (
        <>
          <Title order={1}>{t('waiver.page.title')}</Title>
          <QueryError title={t('waiver.page.loadFailed')} error={query.error} onRetry={() => void query.refetch()} />
        </>
      )}
      {signed && (
        <article className={classes.waiver} aria-labelledby="signed-waiver-heading">
          <Title order={1} id="signed-waiver-heading">
            {t('waiver.page.title')}
          </Title>
          <Text size="lg" fw={600} mt="xs">
            {signed.eventTitle}
          </Text>
          <Text c="dimmed">{t('waiver.page.version', { version: formatNumber(signed.version, language, { useGrouping: false }) })}</Text>
          <dl className={classes.details}>
            <dt>{t('waiver.page.signedName')}</dt>
            <dd>{signed.signedName}</dd>
            {signed.guardianName && (
              <>
                <dt>{t('waiver.page.guardianName')}</dt>
                <dd>{signed.guardianName}</dd>
              </>
            )}
            <dt>{t('waiver.page.email')}</dt>
            <dd>{signed.email === deletedDonorLabel || isDeletedDonor(signed.email) ? t('waiver.page.deleted') : signed.email}</dd>
            <dt>{t('waiver.page.signedAt')}</dt>
            <dd>
              <time dateTime={signed.signedAt}>{formatSignedAt(signed.signedAt, language)}</time>
            </dd>
            <dt>{t('waiver.page.address')}</dt>
            <dd>{signed.address}</dd>
            <dt>{t('waiver.page.hash')}</dt>
            <dd className={classes.hash} data-testid="waiver-hash">
              {signed.textHash}
            </dd>
          </dl>
          <Title order={2} size="h3">
            {t('waiver.page.text')}
          </Title>
          <div className={classes.text}>
            <WaiverParagraphs text={signed.text} />
          </div>
          <Group gap="sm" data-print="hide">
            <Button onClick={() => window.print()}>{t('waiver.page.print')}</Button>
            <ButtonLink to="/dashboard/myEvents" variant="subtle">
              {t('waiver.page.back')}
            </ButtonLink>
          </Group>
        </article>
      )}
    </Stack>
  );
}
