import '@mantine/core/styles/Modal.css';
import { Group, Modal, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button.tsx';

interface ConfirmDialogProps {
  opened: boolean;
  /** The question; a confirmation that deletes nothing asks its own. */
  title?: string;
  /** What would be deleted, said under the question. */
  subject: string;
  confirmLabel?: string;
  declineLabel?: string;
  onConfirm: () => void;
  /** Also when the dialog is closed by Escape, the close button or a click outside it. */
  onDecline: () => void;
}

/** After a 'yes' the button that opened the dialog is busy or gone with its row: focus the page's heading. */
function focusPageHeading() {
  const heading = document.querySelector<HTMLElement>('main h1');
  if (!heading) return;
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus();
}

/**
 * The confirmation every delete asks for (spec section 4, DECISIONS 3.10): an accessible dialog
 * instead of the browser's confirm(). Focus starts on the safe answer; a 'no' returns it to the
 * button that asked, a 'yes' to the page's heading.
 */
export function ConfirmDialog({ opened, title, subject, confirmLabel, declineLabel, onConfirm, onDecline }: ConfirmDialogProps) {
  const { t } = useTranslation();
  const [confirmed, setConfirmed] = useState(false);
  const [wasOpened, setWasOpened] = useState(opened);
  if (opened !== wasOpened) {
    setWasOpened(opened);
    if (opened) setConfirmed(false);
  }

  return (
    <Modal
      opened={opened}
      onClose={onDecline}
      returnFocus={!confirmed}
      onExitTransitionEnd={() => {
        if (confirmed) focusPageHeading();
      }}
      title={title ?? t('confirm.question')}
      centered
      closeButtonProps={{ 'aria-label': t('close') }}
      styles={{ title: { fontWeight: 700 } }}
    >
      <Text mb="lg" style={{ overflowWrap: 'anywhere' }}>
        {subject}
      </Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onDecline} data-autofocus>
          {declineLabel ?? t('confirm.decline')}
        </Button>
        <Button
          tone="danger"
          onClick={() => {
            setConfirmed(true);
            onConfirm();
          }}
        >
          {confirmLabel ?? t('confirm.confirm')}
        </Button>
      </Group>
    </Modal>
  );
}
