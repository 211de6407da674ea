import '@mantine/core/styles/Badge.css';
import { Badge, NativeSelect, Stack, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { Trans, useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { type OutboxMessage, type OutboxStatus, outboxStatuses } from '../../shared/outbox.ts';
import { AdminList } from '../components/admin-list/admin-list.tsx';
import { type Column, formatCount } from '../components/admin-list/admin-table.tsx';
import { useDonorOf } from '../features/donations/donor.ts';
import { SendAgainButton } from '../features/outbox/send-again-button.tsx';
import { formatInstantIn } from '../lib/format-time.ts';
import { usePageTitle } from '../lib/use-page-title.ts';

type AdminT = TFunction<'admin'>;

const statusColors: Record<OutboxStatus, string> = { queued: 'blue', sending: 'blue', sent: 'teal', failed: 'red', logged: 'gray' };

function When({ instant }: { instant: string }) {
  const { i18n } = useTranslation('admin');
  return (
    <Text component="time" dateTime={instant} size="sm">
      {formatInstantIn(instant, i18n.language)}
    </Text>
  );
}

function outboxColumns(t: AdminT, language: string, donorOf: (email: string) => string): Column<OutboxMessage>[] {
  return [
    // A deleted account's messages keep a placeholder address, shown as 'Deleted account'.
    { id: 'to', header: t('outbox.columns.to'), cell: (m) => <span style={{ overflowWrap: 'anywhere' }}>{donorOf(m.to)}</span> },
    { id: 'subject', header: t('outbox.columns.subject'), cell: (m) => m.subject },
    {
      id: 'status',
      header: t('outbox.columns.status'),
      cell: (m) => (
        <Stack gap={4}>
          <Badge color={statusColors[m.status]} variant="light">
            {t(`outbox.statuses.${m.status}`)}
          </Badge>
          {m.status === 'queued' && m.attempts > 0 && (
            <Text size="xs">
              <Trans
                t={t}
                i18nKey="outbox.tried"
                count={m.attempts}
                values={{ n: formatCount(m.attempts, language), date: formatInstantIn(m.nextAttemptAt, language) }}
                components={{ time: <Text component="time" dateTime={m.nextAttemptAt} size="sm" /> }}
              />
            </Text>
          )}
          {m.lastError && m.status !== 'sent' && (
            <Text size="xs" c="red.9" style={{ overflowWrap: 'anywhere' }}>
              {t('outbox.lastError', { error: m.lastError })}
            </Text>
          )}
        </Stack>
      ),
    },
    { id: 'created', header: t('outbox.columns.queued'), cell: (m) => <When instant={m.createdAt} /> },
    { id: 'sent', header: t('outbox.columns.sent'), cell: (m) => (m.sentAt ? <When instant={m.sentAt} /> : null) },
    { id: 'action', header: t('outbox.columns.action'), cell: (m) => <SendAgainButton message={m} /> },
  ];
}

/** /dashboard/outbox: every message the product sends, whether it went, and 'Send again'. */
export function DashboardOutboxPage() {
  const { t, i18n } = useTranslation('admin');
  const donorOf = useDonorOf();
  const language = i18n.language;
  usePageTitle(t('outbox.title'));
  const [params, setParams] = useSearchParams();
  const status = outboxStatuses.find((s) => s === params.get('status'));
  return (
    <AdminList<OutboxMessage>
      path={status ? `/outbox?status=${status}` : '/outbox'}
      heading={(total, q) => {
        const count = { count: total, n: formatCount(total, language) };
        return q ? t('outbox.headingMatch', { ...count, q }) : t('outbox.heading', count);
      }}
      loadingHeading={t('outbox.title')}
      caption={t('outbox.caption')}
      noun={t('outbox.noun')}
      searchLabel={t('outbox.searchLabel')}
      searchPlaceholder={t('outbox.searchPlaceholder')}
      columns={outboxColumns(t, language, donorOf)}
      rowKey={(m) => m._id}
      empty={<Text ta="center">{status ? t(`outbox.emptyBy.${status}`) : t('outbox.empty')}</Text>}
      tools={
        <NativeSelect
          label={t('outbox.columns.status')}
          value={status ?? ''}
          onChange={(event) => {
            const next = new URLSearchParams(params);
            if (event.currentTarget.value) next.set('status', event.currentTarget.value);
            else next.delete('status');
            next.delete('page');
            setParams(next);
          }}
          data={[
            { value: '', label: t('outbox.everyStatus') },
            ...outboxStatuses.map((s) => ({ value: s, label: t(`outbox.statuses.${s}`) })),
          ]}
        />
      }
    />
  );
}
