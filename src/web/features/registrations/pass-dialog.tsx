import '@mantine/core/styles/Modal.css';
import { Modal, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatShiftTimes } from '../../../shared/format.ts';
import type { Registration } from '../../../shared/registrations.ts';
import { Button } from '../../components/button.tsx';
import { EventDate } from '../../components/event-date.tsx';
import { QrCode } from '../../components/qr-code.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { registrationQueries } from './api.ts';

/** Big enough for a phone's camera to read from another phone's screen at arm's length. */
const codeSize = 300;

interface PassDialogProps {
  registration: Registration;
  opened: boolean;
  onClose: () => void;
}

/**
 * A registration's pass, to show at the door: the QR code of its signed token, with the event and the
 * person's name so the coordinator can see whose it is (and the shift, on an event staffed by shifts).
 * Asked for only when opened.
 */
export function PassDialog({ registration, opened, onClose }: PassDialogProps) {
  const query = useQuery({ ...registrationQueries.pass(registration._id), enabled: opened });
  const { t, i18n } = useTranslation('registrations');
  const { shift } = registration;
  const title = t('pass.title', { title: registration.title });

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      centered
      size="auto"
      closeButtonProps={{ 'aria-label': t('pass.close') }}
      styles={{ title: { fontWeight: 700, overflowWrap: 'anywhere' } }}
    >
      <Stack gap="sm" align="center" maw={codeSize + 40}>
        <Text fw={700} size="lg" ta="center" style={{ overflowWrap: 'anywhere' }} data-testid="pass-name">
          {registration.name}
        </Text>
        <EventDate date={registration.date} size="sm" c="dimmed" />
        {shift && (
          <Text size="sm" fw={600} ta="center" style={{ overflowWrap: 'anywhere' }}>
            {t('card.shift', { role: shift.role, time: formatShiftTimes(shift.startsAt, shift.endsAt, i18n.language) })}
          </Text>
        )}
        {query.isPending && (
          <div role="status">
            <VisuallyHidden>{t('pass.loading')}</VisuallyHidden>
            <Skeleton width={codeSize} height={codeSize} maw="100%" aria-hidden="true" />
          </div>
        )}
        {query.isError && <QueryError title={t('pass.loadFailed')} error={query.error} onRetry={() => void query.refetch()} />}
        {query.isSuccess && <QrCode text={query.data.token} label={t('pass.code', { title: registration.title })} size={codeSize} />}
        <Text size="sm" ta="center">
          {t('pass.howTo')}
        </Text>
        <Button variant="default" onClick={onClose} data-autofocus>
          {t('pass.close')}
        </Button>
      </Stack>
    </Modal>
  );
}
