import { Group, Modal, Text } from '@mantine/core';
import { Button } from './button.tsx';

interface ConfirmDialogProps {
  opened: boolean;
  /** What would be deleted, said under the question. */
  subject: string;
  confirmLabel?: string;
  declineLabel?: string;
  onConfirm: () => void;
  /** Also when the dialog is closed by Escape, the close button or a click outside it. */
  onDecline: () => void;
}

/**
 * The confirmation every delete asks for (spec section 4, DECISIONS 3.10): an accessible dialog
 * instead of the browser's confirm(). Focus starts on the safe answer.
 */
export function ConfirmDialog({
  opened,
  subject,
  confirmLabel = 'Yes, delete',
  declineLabel = 'No, keep it',
  onConfirm,
  onDecline,
}: ConfirmDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={onDecline}
      title="Are you sure you want to delete?"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
      styles={{ title: { fontWeight: 700 } }}
    >
      <Text mb="lg" style={{ overflowWrap: 'anywhere' }}>
        {subject}
      </Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onDecline} data-autofocus>
          {declineLabel}
        </Button>
        <Button tone="danger" onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
