import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/InlineInput.css';
import { Alert, Group, Loader, Modal, Radio, Stack, Text, VisuallyHidden } from '@mantine/core';
import { lazy, type ReactNode, Suspense, useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { formatNumber } from '../../../shared/format.ts';
// Types only: the schemas' code stays out of the pages that show gifts.
import type { pauseMonths, Subscription, SubscriptionChange } from '../../../shared/subscriptions.ts';
import { Button } from '../../components/button.tsx';
import { formatInstantIn } from '../../lib/format-time.ts';
import { changeGift, type GiftAddress } from './api.ts';
import { restartAfterPause } from './schedule.ts';
import { useGiftChange } from './use-gift-change.ts';

/** The forms check what is typed with zod: loaded when a dialog first needs one, not with the page. */
const loadForms = () => import('./gift-forms.tsx');
const AmountForm = lazy(() => loadForms().then((forms) => ({ default: forms.AmountForm })));
const CardForm = lazy(() => loadForms().then((forms) => ({ default: forms.CardForm })));

/** Fetches the forms ahead of the first dialog (where a gift can be changed), so it opens with its form. */
export const preloadGiftForms = () => void loadForms().catch(() => undefined);

type PauseMonths = (typeof pauseMonths)[number];
const monthChoices: readonly PauseMonths[] = [1, 2, 3];

export interface GiftDialogProps {
  gift: Subscription;
  address: GiftAddress;
  opened: boolean;
  onClose: () => void;
  /**
   * After a change that takes away the button that opened the dialog (Pause, Cancel, a new card's payment
   * refused for the last time), where the focus goes instead of back to it: the gift's heading. A dialog
   * closed without a change returns it to its button.
   */
  onFinished?: () => void;
}

/** Whether the dialog closed because its change was made; false again each time it opens. */
function useFinished(opened: boolean) {
  const [finished, setFinished] = useState(false);
  const [wasOpened, setWasOpened] = useState(opened);
  if (opened !== wasOpened) {
    setWasOpened(opened);
    if (opened) setFinished(false);
  }
  return [finished, () => setFinished(true)] as const;
}

interface GiftModalProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  finished: boolean;
  onFinished?: () => void;
  children: ReactNode;
}

/** Each dialog: named by its title, closed by Escape or its close button, focus kept inside while open. */
function GiftModal({ opened, onClose, title, finished, onFinished, children }: GiftModalProps) {
  const { t } = useTranslation('monthly');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      centered
      returnFocus={!(finished && onFinished)}
      onExitTransitionEnd={() => {
        if (finished) onFinished?.();
      }}
      closeButtonProps={{ 'aria-label': t('dialog.close') }}
      styles={{ title: { fontWeight: 700 } }}
    >
      {children}
    </Modal>
  );
}

/** While a form's code loads (once, on the first dialog): said to a screen reader as well as shown. */
function FormLoading() {
  const { t } = useTranslation('monthly');
  return (
    <div role="status">
      <Loader size="sm" aria-hidden="true" />
      <VisuallyHidden>{t('dialog.loading')}</VisuallyHidden>
    </div>
  );
}

/** 'Change amount': a new amount per month, checked here and by the server (its word beside the field). */
export function AmountDialog({ gift, address, opened, onClose }: GiftDialogProps) {
  const { t } = useTranslation('monthly');
  return (
    <GiftModal opened={opened} onClose={onClose} title={t('amount.title')} finished={false}>
      <Suspense fallback={<FormLoading />}>
        <AmountForm gift={gift} address={address} onBack={onClose} onDone={onClose} />
      </Suspense>
    </GiftModal>
  );
}

/**
 * 'Update card' (test mode): the card later payments are taken from. A refused payment is charged at once
 * with it; refused for the last time, the gift ends and its buttons go: the focus goes to its heading then.
 */
export function CardDialog({ gift, address, opened, onClose, onFinished }: GiftDialogProps) {
  const { t } = useTranslation('monthly');
  const [finished, finish] = useFinished(opened);
  return (
    <GiftModal opened={opened} onClose={onClose} title={t('card.title')} finished={finished} onFinished={onFinished}>
      <Suspense fallback={<FormLoading />}>
        <CardForm
          gift={gift}
          address={address}
          onBack={onClose}
          onDone={(changed) => {
            if (changed.status !== 'active' && changed.status !== 'paused') finish();
            onClose();
          }}
        />
      </Suspense>
    </GiftModal>
  );
}

interface ChangeProps {
  gift: Subscription;
  address: GiftAddress;
  onBack: () => void;
  onDone: (gift: Subscription) => void;
}

/** The pause dialog's inside, drawn afresh each time it opens (1 month chosen, no failure shown). */
function PauseChoice({ gift, address, onBack, onDone }: ChangeProps) {
  const { t, i18n } = useTranslation('monthly');
  const language = i18n.language;
  const [months, setMonths] = useState<PauseMonths>(1);
  const pause = useGiftChange<SubscriptionChange>({
    address,
    send: changeGift,
    done: (paused) =>
      paused.pausedUntil ? t('pause.done', { date: formatInstantIn(paused.pausedUntil, language, 'day') }) : t('pause.doneNoDate'),
    onDone,
  });
  const restart = restartAfterPause(gift, months);

  return (
    <Stack gap="md">
      <Radio.Group
        label={t('pause.months')}
        value={String(months)}
        onChange={(value) => setMonths(Number(value) as PauseMonths)}
        withAsterisk={false}
      >
        <Group gap="lg" mt={6}>
          {monthChoices.map((choice) => (
            <Radio
              key={choice}
              value={String(choice)}
              label={t('pause.month', { count: choice, n: formatNumber(choice, language) })}
              disabled={pause.isPending}
              data-autofocus={choice === 1 || undefined}
            />
          ))}
        </Group>
      </Radio.Group>
      <Text aria-live="polite">
        <Trans
          t={t}
          i18nKey="pause.restart"
          values={{ date: formatInstantIn(restart, language, 'day') }}
          components={{ time: <time dateTime={restart} /> }}
        />
      </Text>
      {pause.isError && (
        <Alert color="red" variant="light" title={t('pause.failed')} role="alert">
          {pause.error.message}
        </Alert>
      )}
      <Group gap="sm" justify="flex-end">
        <Button variant="default" onClick={onBack} disabled={pause.isPending}>
          {t('dialog.back')}
        </Button>
        <Button disabled={pause.isPending} onClick={() => pause.mutate({ action: 'pause', months })}>
          {pause.isPending ? t('pause.pausing') : t('pause.confirm')}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * A change that takes the gift's buttons away (paused: Pause goes; cancelled: all go): its dialog, the focus
 * then going to the gift's heading (`onFinished`).
 */
function ChangeDialog({
  title,
  Inside,
  gift,
  address,
  opened,
  onClose,
  onFinished,
}: GiftDialogProps & { title: string; Inside: (props: ChangeProps) => ReactNode }) {
  const [finished, finish] = useFinished(opened);
  return (
    <GiftModal opened={opened} onClose={onClose} title={title} finished={finished} onFinished={onFinished}>
      <Inside
        gift={gift}
        address={address}
        onBack={onClose}
        onDone={() => {
          finish();
          onClose();
        }}
      />
    </GiftModal>
  );
}

/** 'Pause': for 1, 2 or 3 months, saying the day payments start again before the donor confirms. */
export function PauseDialog(props: GiftDialogProps) {
  const { t } = useTranslation('monthly');
  return <ChangeDialog {...props} title={t('pause.title')} Inside={PauseChoice} />;
}

/** The cancel dialog's inside: the question's answer, drawn afresh each time it opens. */
function CancelQuestion({ gift, address, onBack, onDone }: ChangeProps) {
  const { t } = useTranslation('monthly');
  // Whether the gift was running when Cancel was pressed: one already over is answered unchanged (no email).
  const wasRunning = useRef(false);
  const cancel = useGiftChange<SubscriptionChange>({
    address,
    send: changeGift,
    done: () => t('cancel.done'),
    instead: (answered) =>
      wasRunning.current && answered.status === 'cancelled'
        ? null
        : { color: 'gray', message: answered.status === 'ended' ? t('cancel.alreadyEnded') : t('cancel.alreadyCancelled') },
    onDone,
  });
  return (
    <>
      <Text mb="lg">{t('cancel.text')}</Text>
      {cancel.isError && (
        <Alert color="red" variant="light" title={t('cancel.failed')} role="alert" mb="lg">
          {cancel.error.message}
        </Alert>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onBack} disabled={cancel.isPending} data-autofocus>
          {t('cancel.keep')}
        </Button>
        <Button
          tone="danger"
          disabled={cancel.isPending}
          onClick={() => {
            wasRunning.current = gift.status === 'active' || gift.status === 'paused';
            cancel.mutate({ action: 'cancel' });
          }}
        >
          {cancel.isPending ? t('cancel.cancelling') : t('cancel.confirm')}
        </Button>
      </Group>
    </>
  );
}

/** 'Cancel monthly gift': asks first ('Cancel this monthly gift?'), the safe answer focused, the destructive one in red. */
export function CancelDialog(props: GiftDialogProps) {
  const { t } = useTranslation('monthly');
  return <ChangeDialog {...props} title={t('cancel.title')} Inside={CancelQuestion} />;
}
