import { Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../shared/format.ts';
import type { Notice } from '../../shared/notices.ts';
import { Button } from '../components/button.tsx';
import { ConfirmDialog } from '../components/confirm-dialog.tsx';
import { LoadingPlaceholders } from '../components/loading-placeholders.tsx';
import { NotAuthorised } from '../components/not-authorised.tsx';
import { QueryError } from '../components/query-error.tsx';
import { noticeQueries } from '../features/notices/api.ts';
import { EditNoticeForm } from '../features/notices/edit-notice-form.tsx';
import { NoticeCard } from '../features/notices/notice-card.tsx';
import { noticeNamed, useDeleteNotice } from '../features/notices/use-delete-notice.ts';
import { useCurrentAccount } from '../lib/current-account.ts';
import { usePageTitle } from '../lib/use-page-title.ts';

/** /dashboard/notices: volunteers and admins only, as the server decides too. */
export function DashboardNoticesPage() {
  const { t } = useTranslation('notices');
  const { account } = useCurrentAccount();
  if (account?.role !== 'volunteer' && account?.role !== 'admin') {
    return <NotAuthorised reason={t('list.forWho')} />;
  }
  return <NoticeList canChange={account.role === 'admin'} />;
}

const named = noticeNamed;

/** Admins (`canChange`) can correct a notice in place or delete it, after a confirmation. */
function NoticeList({ canChange }: { canChange: boolean }) {
  const { t, i18n } = useTranslation('notices');
  const number = (n: number) => formatNumber(n, i18n.language);
  const query = useQuery(noticeQueries.list());
  const [editing, setEditing] = useState<string | null>(null);
  // Saved or cancelled, the form goes: focus returns to the notice's Edit button, not to the top of the page.
  const doneEditing = (notice: Notice) => {
    setEditing(null);
    requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-edit-notice="${notice._id}"]`)?.focus());
  };
  const remove = useDeleteNotice();
  const heading = query.isSuccess ? t('list.total', { count: query.data.total, n: number(query.data.total) }) : t('list.title');
  usePageTitle(t('list.title'));

  return (
    <Stack gap="lg">
      <Title order={1}>{heading}</Title>
      {query.isPending && (
        <LoadingPlaceholders label={t('list.loading')} count={3} layout="stack">
          <Skeleton height={110} radius="md" />
        </LoadingPlaceholders>
      )}
      {query.isError && <QueryError title={t('list.loadFailed')} error={query.error} onRetry={() => void query.refetch()} />}
      {query.isSuccess && query.data.notices.length === 0 && (
        <Paper withBorder p="xl" radius="md">
          <Text ta="center">{t('list.none')}</Text>
        </Paper>
      )}
      {query.isSuccess && query.data.notices.length > 0 && (
        <Stack component="ul" gap="md" maw={820} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {query.data.notices.map((notice) => (
            <li key={notice._id}>
              <NoticeCard
                notice={notice}
                body={editing === notice._id ? <EditNoticeForm notice={notice} onDone={() => doneEditing(notice)} /> : undefined}
                actions={
                  canChange &&
                  editing !== notice._id && (
                    <Group gap="sm">
                      <Button
                        variant="light"
                        aria-label={t('list.editNotice', { notice: named(notice) })}
                        data-edit-notice={notice._id}
                        onClick={() => setEditing(notice._id)}
                      >
                        {t('list.edit')}
                      </Button>
                      <Button
                        tone="danger"
                        aria-label={t('list.deleteNotice', { notice: named(notice) })}
                        disabled={remove.deleting?._id === notice._id}
                        onClick={() => remove.ask(notice)}
                      >
                        {t('list.delete')}
                      </Button>
                    </Group>
                  )
                }
              />
            </li>
          ))}
        </Stack>
      )}
      {query.isSuccess && query.data.total > query.data.notices.length && (
        <Text size="sm" c="dimmed">
          {t('list.newest', { n: number(query.data.notices.length) })}
        </Text>
      )}
      <ConfirmDialog opened={remove.opened} subject={remove.subject} onConfirm={remove.confirm} onDecline={remove.decline} />
    </Stack>
  );
}
