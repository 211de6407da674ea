import { NativeSelect, Stack, Text } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { type AuditAction, type AuditEntry, auditActionLabels, auditActions } from '../../shared/audit.ts';
import { AdminList } from '../components/admin-list/admin-list.tsx';
import type { Column } from '../components/admin-list/admin-table.tsx';
import { ButtonAnchor } from '../components/button.tsx';
import { webConfig } from '../lib/config.ts';
import { formatInstantDateTime } from '../lib/format-time.ts';
import { usePageTitle } from '../lib/use-page-title.ts';

const actionLabel = (action: string) => auditActionLabels[action as AuditAction] ?? action;

/** 'from donator to volunteer', 'changed: name, address', 'q: welcome': what the details say, briefly. */
function detailsText(details: Record<string, unknown>): string {
  if ('from' in details && 'to' in details) return `from ${String(details.from)} to ${String(details.to)}`;
  return Object.entries(details)
    .filter(([, value]) => value !== null && value !== undefined && value !== '')
    .map(([key, value]) => `${key}: ${Array.isArray(value) ? value.join(', ') : String(value)}`)
    .join('; ');
}

const columns: Column<AuditEntry>[] = [
  {
    id: 'when',
    header: 'When',
    cell: (entry) => (
      <Text component="time" dateTime={entry.at} size="sm">
        {formatInstantDateTime(entry.at)}
      </Text>
    ),
  },
  {
    id: 'who',
    header: 'Who',
    cell: (entry) => <span style={{ overflowWrap: 'anywhere' }}>{entry.actor.email}</span>,
  },
  {
    id: 'action',
    header: 'Action',
    cell: (entry) => (
      <Stack gap={2}>
        <Text size="sm" fw={600}>
          {actionLabel(entry.action)}
        </Text>
        <Text size="xs" c="dimmed" ff="monospace">
          {entry.action}
        </Text>
      </Stack>
    ),
  },
  {
    id: 'target',
    header: 'Target',
    cell: (entry) => (
      <Stack gap={2}>
        {entry.target && <span style={{ overflowWrap: 'anywhere' }}>{entry.target.label ?? entry.target.kind}</span>}
        {Object.keys(entry.details).length > 0 && (
          <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
            {detailsText(entry.details)}
          </Text>
        )}
      </Stack>
    ),
  },
  {
    id: 'from',
    header: 'From where',
    cell: (entry) => (
      <Stack gap={2}>
        <span>{entry.address ?? 'Unknown address'}</span>
        {entry.userAgent && (
          <Text size="xs" lineClamp={2} title={entry.userAgent} style={{ overflowWrap: 'anywhere' }}>
            {entry.userAgent}
          </Text>
        )}
      </Stack>
    ),
  },
];

/**
 * /dashboard/audit, inside RequireAdmin: every admin action and admin read of personal data, who did it,
 * when and from where (DECISIONS 4.3); searched, filtered by action, paged, and downloadable as CSV.
 */
export function DashboardAuditPage() {
  usePageTitle('Audit log');
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
      heading={(total, search) => `Audit log: ${total} ${total === 1 ? 'entry' : 'entries'}${search ? ` matching ‘${search}’` : ''}`}
      loadingHeading="Audit log"
      caption="Audit entries"
      noun="audit entries"
      searchLabel="Search the audit log"
      searchPlaceholder="Search by action, who or target"
      columns={columns}
      rowKey={(entry) => entry._id}
      empty={<Text ta="center">No audit entries{action ? ` for ‘${actionLabel(action)}’` : ''} yet</Text>}
      tools={
        <>
          <NativeSelect
            label="Action"
            value={action ?? ''}
            onChange={(event) => {
              const next = new URLSearchParams(params);
              if (event.currentTarget.value) next.set('action', event.currentTarget.value);
              else next.delete('action');
              next.delete('page');
              setParams(next);
            }}
            data={[{ value: '', label: 'Every action' }, ...auditActions.map((a) => ({ value: a, label: auditActionLabels[a] }))]}
          />
          <ButtonAnchor href={`${webConfig.apiBase}/audit.csv${csvQuery ? `?${csvQuery}` : ''}`} download variant="light">
            Download CSV
          </ButtonAnchor>
        </>
      }
    />
  );
}
