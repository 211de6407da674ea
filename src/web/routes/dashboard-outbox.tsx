import '@mantine/core/styles/Badge.css';
import { Badge, NativeSelect, Stack, Text } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { donorOf } from '../../shared/donations.ts';
import { type OutboxMessage, type OutboxStatus, outboxStatuses } from '../../shared/outbox.ts';
import { AdminList } from '../components/admin-list/admin-list.tsx';
import type { Column } from '../components/admin-list/admin-table.tsx';
import { SendAgainButton } from '../features/outbox/send-again-button.tsx';
import { counted } from '../lib/counted.ts';
import { formatInstantDateTime } from '../lib/format-time.ts';
import { usePageTitle } from '../lib/use-page-title.ts';

const statusLabels: Record<OutboxStatus, { label: string; color: string }> = {
  queued: { label: 'Queued', color: 'blue' },
  sending: { label: 'Sending', color: 'blue' },
  sent: { label: 'Sent', color: 'teal' },
  failed: { label: 'Failed', color: 'red' },
  logged: { label: 'Not sent: no SMTP (in the log)', color: 'gray' },
};

function When({ instant }: { instant: string }) {
  return (
    <Text component="time" dateTime={instant} size="sm">
      {formatInstantDateTime(instant)}
    </Text>
  );
}

const columns: Column<OutboxMessage>[] = [
  // A deleted account's messages keep a placeholder address, shown as 'Deleted account'.
  { id: 'to', header: 'To', cell: (m) => <span style={{ overflowWrap: 'anywhere' }}>{donorOf(m.to)}</span> },
  { id: 'subject', header: 'Subject', cell: (m) => m.subject },
  {
    id: 'status',
    header: 'Status',
    cell: (m) => (
      <Stack gap={4}>
        <Badge color={statusLabels[m.status].color} variant="light">
          {statusLabels[m.status].label}
        </Badge>
        {m.status === 'queued' && m.attempts > 0 && (
          <Text size="xs">
            Tried {counted(m.attempts, 'time')}; next try <When instant={m.nextAttemptAt} />
          </Text>
        )}
        {m.lastError && m.status !== 'sent' && (
          <Text size="xs" c="red.9" style={{ overflowWrap: 'anywhere' }}>
            Last error: {m.lastError}
          </Text>
        )}
      </Stack>
    ),
  },
  { id: 'created', header: 'Queued', cell: (m) => <When instant={m.createdAt} /> },
  { id: 'sent', header: 'Sent', cell: (m) => (m.sentAt ? <When instant={m.sentAt} /> : null) },
  { id: 'action', header: 'Action', cell: (m) => <SendAgainButton message={m} /> },
];

/** /dashboard/outbox: every message the product sends, whether it went, and 'Send again'. */
export function DashboardOutboxPage() {
  usePageTitle('Outbox');
  const [params, setParams] = useSearchParams();
  const status = outboxStatuses.find((s) => s === params.get('status'));
  return (
    <AdminList<OutboxMessage>
      path={status ? `/outbox?status=${status}` : '/outbox'}
      heading={(total, q) => `Outbox: ${counted(total, 'message')}${q ? ` matching ‘${q}’` : ''}`}
      loadingHeading="Outbox"
      caption="Messages"
      noun="messages"
      searchLabel="Search messages"
      searchPlaceholder="Search by recipient or subject"
      columns={columns}
      rowKey={(m) => m._id}
      empty={<Text ta="center">No messages{status ? ` ${statusLabels[status].label.toLowerCase()}` : ''} yet</Text>}
      tools={
        <NativeSelect
          label="Status"
          value={status ?? ''}
          onChange={(event) => {
            const next = new URLSearchParams(params);
            if (event.currentTarget.value) next.set('status', event.currentTarget.value);
            else next.delete('status');
            next.delete('page');
            setParams(next);
          }}
          data={[{ value: '', label: 'Every status' }, ...outboxStatuses.map((s) => ({ value: s, label: statusLabels[s].label }))]}
        />
      }
    />
  );
}
