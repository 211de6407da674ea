import { NativeSelect, Stack, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { type AuditEntry, auditActions } from '../../shared/audit.ts';
import { AdminList } from '../components/admin-list/admin-list.tsx';
import { type Column, formatCount } from '../components/admin-list/admin-table.tsx';
import { ButtonAnchor } from '../components/button.tsx';
import { webConfig } from '../lib/config.ts';
import { formatInstantIn } from '../lib/format-time.ts';
import { usePageTitle } from '../lib/use-page-title.ts';

type AdminT = TFunction<'admin'>;

/** An action as the audit page names it, in the reader's language; one this page does not know, as it is. */
function actionLabel(action: string, t: AdminT): string {
  const known = auditActions.find((a) => a === action);
  return known ? t(`audit.actions.${known}`) : action;
}

/** 'from donator to volunteer', 'changed: name, address', 'q: welcome': what the details say, briefly. */
function detailsText(details: Record<string, unknown>, t: AdminT): string {
  if ('from' in details && 'to' in details) return t('audit.fromTo', { from: String(details.from), to: String(details.to) });
  return Object.entries(details)
    .filter(([, value]) => value !== null && value !== undefined && value !== '')
    .map(([key, value]) => `${key}: ${Array.isArray(value) ? value.join(', ') : String(value)}`)
    .join('; ');
}

function auditColumns(t: AdminT, language: string): Column<AuditEntry>[] {
  return [
    {
      id: 'when',
      header: t('audit.when'),
      cell: (entry) => (
        <Text component="time" dateTime={entry.at} size="sm">
          {formatInstantIn(entry.at, language)}
        </Text>
      ),
    },
    {
      id: 'who',
      header: t('audit.who'),
      cell: (entry) => <span style={{ overflowWrap: 'anywhere' }}>{entry.actor.email}</span>,
    },
    {
      id: 'action',
      header: t('audit.action'),
      cell: (entry) => (
        <Stack gap={2}>
          <Text size="sm" fw={600}>
            {actionLabel(entry.action, t)}
          </Text>
          <Text size="xs" c="dimmed" ff="monospace">
            {entry.action}
          </Text>
        </Stack>
      ),
    },
    {
      id: 'target',
      header: t('audit.target'),
      cell: (entry) => (
        <Stack gap={2}>
          {entry.target && <span style={{ overflowWrap: 'anywhere' }}>{entry.target.label ?? entry.target.kind}</span>}
          {Object.keys(entry.details).length > 0 && (
            <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
              {detailsText(entry.details, t)}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      id: 'from',
      header: t('audit.from'),
      cell: (entry) => (
        <Stack gap={2}>
          <span>{entry.address ?? t('audit.unknownAddress')}</span>
          {entry.userAgent && (
            <Text size="xs" lineClamp={2} title={entry.userAgent} style={{ overflowWrap: 'anywhere' }}>
              {entry.userAgent}
            </Text>
          )}
        </Stack>
      ),
    },
  ];
}

/**
 * /dashboard/audit, inside RequireAdmin: every admin action and admin read of personal data, who did it,
 * when and from where (DECISIONS 4.3); searched, filtered by action, paged, and downloadable as CSV.
 */
export function DashboardAuditPage() {
  const { t, i18n } = useTranslation('admin');
  const language = i18n.language;
  usePageTitle(t('audit.title'));
  const [params, setParams] = useSearchParams();
  const action = auditActions.find((a) => a === params.get('action'));
  const q = (params.get('q') ?? '').trim();
  const csv = new URLSearchParams();
  if (q) csv.set('q', q);
  if (action) csv.set('action', action);
  const csvQuery = csv.toString();
  return (
    <AdminList<AuditEntry>
      path={action ? `/audit?action=${action}` : '/audit'}
      heading={(total, search) => {
        const count = { count: total, n: formatCount(total, language) };
        return search ? t('audit.headingMatch', { ...count, q: search }) : t('audit.heading', count);
      }}
      loadingHeading={t('audit.title')}
      caption={t('audit.caption')}
      noun={t('audit.noun')}
      searchLabel={t('audit.searchLabel')}
      searchPlaceholder={t('audit.searchPlaceholder')}
      columns={auditColumns(t, language)}
      rowKey={(entry) => entry._id}
      empty={<Text ta="center">{action ? t('audit.emptyFor', { action: actionLabel(action, t) }) : t('audit.empty')}</Text>}
      tools={
        <>
          <NativeSelect
            label={t('audit.action')}
            value={action ?? ''}
            onChange={(event) => {
              const next = new URLSearchParams(params);
              if (event.currentTarget.value) next.set('action', event.currentTarget.value);
              else next.delete('action');
              next.delete('page');
              setParams(next);
            }}
            data={[{ value: '', label: t('audit.everyAction') }, ...auditActions.map((a) => ({ value: a, label: actionLabel(a, t) }))]}
          />
          <ButtonAnchor href={`${webConfig.apiBase}/audit.csv${csvQuery ? `?${csvQuery}` : ''}`} download variant="light">
            {t('audit.downloadCsv')}
          </ButtonAnchor>
        </>
      }
    />
  );
}
