import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Table.css';
import { Badge, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { EventMessage, EventMessageStatus } from '../../../shared/event-messages.ts';
import { formatNumber } from '../../../shared/format.ts';
import { Button } from '../../components/button.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { LoadingBlocks } from '../../components/loading-placeholders.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { formatInstantIn } from '../../lib/format-time.ts';
import { useConfirmDelete } from '../../lib/use-confirm-delete.ts';
import { cancelEventMessage, eventMessageQueries } from './api.ts';
import classes from './message-history.module.css';

type ManageT = TFunction<'manage'>;

/** The status's word says it; the colour only repeats it. */
const statusColors: Record<EventMessageStatus, string> = { scheduled: 'blue', sending: 'blue', sent: 'teal', cancelled: 'gray' };

/** Who it was for: the audience, and the shift's role when it was for one shift. */
function audienceOf(message: EventMessage, t: ManageT): string {
  const audience = t(`eventMessages.audiences.${message.audience}`);
  if (message.shift) return t('eventMessages.history.audienceShift', { audience, role: message.shift.role });
  return message.shiftId ? t('eventMessages.history.deletedShift', { audience }) : audience;
}

/**
 * The event's messages, newest first: who each was for, who wrote it, when it goes or went, where it
 * stands and how many it reached; a scheduled one can be cancelled (after a 'yes'). While one waits or
 * is going out, the list refreshes itself.
 */
export function MessageHistory({ eventId }: { eventId: string }) {
  const { t, i18n } = useTranslation('manage');
  const language = i18n.language;
  const headingId = useId();
  const queryClient = useQueryClient();
  const query = useQuery(eventMessageQueries.list(eventId));
  const cancel = useConfirmDelete<EventMessage>({
    remove: (message) => cancelEventMessage(eventId, message._id),
    subject: (message) => message.subject,
    deleted: (message) => t('eventMessages.history.cancelled', { subject: message.subject }),
    notDeleted: (message) => t('eventMessages.history.notCancelled', { subject: message.subject }),
    // The list, and the after-event switch (cancelling one of those turns them off).
    onSettled: () => void queryClient.invalidateQueries({ queryKey: eventMessageQueries.all(eventId) }),
  });
  const count = (value: number) => formatNumber(value, language);
  const messages = query.data;

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={2} size="h3" id={headingId}>
          {t('eventMessages.history.heading')}
        </Title>
        {query.isPending && <LoadingBlocks label={t('eventMessages.history.loading')} blocks={[{ height: 120 }]} />}
        {query.isError && (
          <QueryError title={t('eventMessages.history.loadFailed')} error={query.error} onRetry={() => void query.refetch()} />
        )}
        {messages?.length === 0 && <Text>{t('eventMessages.history.empty')}</Text>}
        {messages && messages.length > 0 && (
          <section
            className={classes.tableWrap}
            aria-label={t('eventMessages.history.caption')}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: wider than a phone, the box scrolls sideways; reached by Tab, a keyboard can scroll it (WCAG 2.1.1)
            tabIndex={0}
          >
            <Table striped verticalSpacing="xs" className={classes.table}>
              <VisuallyHidden component="caption">{t('eventMessages.history.caption')}</VisuallyHidden>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('eventMessages.history.subject')}</Table.Th>
                  <Table.Th scope="col">{t('eventMessages.history.audience')}</Table.Th>
                  <Table.Th scope="col">{t('eventMessages.history.author')}</Table.Th>
                  <Table.Th scope="col">{t('eventMessages.history.when')}</Table.Th>
                  <Table.Th scope="col">{t('eventMessages.history.status')}</Table.Th>
                  <Table.Th scope="col">{t('eventMessages.history.recipients')}</Table.Th>
                  <Table.Th scope="col">{t('eventMessages.history.sent')}</Table.Th>
                  <Table.Th scope="col">{t('eventMessages.history.failed')}</Table.Th>
                  <Table.Th scope="col">{t('eventMessages.history.leftOut')}</Table.Th>
                  <Table.Th scope="col">
                    <VisuallyHidden>{t('eventMessages.history.actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {messages.map((message) => (
                  <Table.Tr key={message._id}>
                    <Table.Td className={classes.wrap}>
                      {message.subject}
                      {/* One of the after-event messages: scheduled by its switch, in the product's words. */}
                      {message.kind && (
                        <Badge color="grape" variant="outline" size="sm" ml="xs" style={{ verticalAlign: 'middle' }}>
                          {t('eventMessages.history.afterEvent')}
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td>{audienceOf(message, t)}</Table.Td>
                    <Table.Td className={classes.wrap}>
                      {message.author.name}
                      <Text size="xs" c="dimmed">
                        {message.author.email}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text component="time" dateTime={message.sendAt} size="sm">
                        {formatInstantIn(message.sendAt, language)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      {/* Its whole word, never cut to 'Sc…': the column widens for it. */}
                      <Badge color={statusColors[message.status]} variant="light" style={{ minWidth: 'max-content' }}>
                        {t(`eventMessages.history.statuses.${message.status}`)}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{count(message.recipients)}</Table.Td>
                    <Table.Td>{count(message.sent)}</Table.Td>
                    <Table.Td>{count(message.failed)}</Table.Td>
                    <Table.Td>{count(message.leftOut)}</Table.Td>
                    <Table.Td>
                      {message.status === 'scheduled' && (
                        <Button
                          variant="default"
                          size="sm"
                          disabled={cancel.deleting?._id === message._id}
                          aria-busy={cancel.deleting?._id === message._id}
                          aria-label={t('eventMessages.history.cancelOf', { subject: message.subject })}
                          onClick={() => cancel.ask(message)}
                        >
                          {cancel.deleting?._id === message._id ? t('eventMessages.history.cancelling') : t('eventMessages.history.cancel')}
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </section>
        )}
      </Stack>
      <ConfirmDialog
        opened={cancel.opened}
        title={t('eventMessages.history.cancelQuestion')}
        subject={cancel.subject}
        confirmLabel={t('eventMessages.history.cancelConfirm')}
        declineLabel={t('eventMessages.history.cancelDecline')}
        onConfirm={cancel.confirm}
        onDecline={cancel.decline}
      />
    </Paper>
  );
}
