import '@mantine/core/styles/Modal.css';
import { Modal, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
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
 * person's name so the coordinator can see whose it is. Asked for only when opened.
 */
export function PassDialog({ registration, opened, onClose }: PassDialogProps) {
  const query = useQuery({ ...registrationQueries.pass(registration._id), enabled: opened });
  const title = `Pass for ${registration.title}`;

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      centered
      size="auto"
      closeButtonProps={{ 'aria-label': 'Close' }}
      styles={{ title: { fontWeight: 700, overflowWrap: 'anywhere' } }}
    >
      <Stack gap="sm" align="center" maw={codeSize + 40}>
        <Text fw={700} size="lg" ta="center" style={{ overflowWrap: 'anywhere' }} data-testid="pass-name">
          {registration.name}
        </Text>
        <EventDate date={registration.date} size="sm" c="dimmed" />
        {query.isPending && (
          <div role="status">
            <VisuallyHidden>Loading your pass</VisuallyHidden>
            <Skeleton width={codeSize} height={codeSize} maw="100%" aria-hidden="true" />
          </div>
        )}
        {query.isError && <QueryError title="Your pass could not be loaded" error={query.error} onRetry={() => void query.refetch()} />}
        {query.isSuccess && <QrCode text={query.data.token} label={`QR code of your pass for ${registration.title}`} size={codeSize} />}
        <Text size="sm" ta="center">
          Show this code at the door to be checked in. If it does not scan, turn your screen brighter.
        </Text>
        <Button variant="default" onClick={onClose} data-autofocus>
          Close
        </Button>
      </Stack>
    </Modal>
  );
}
