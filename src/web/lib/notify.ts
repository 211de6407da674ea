import type { NotificationData } from '@mantine/notifications';
import i18next from 'i18next';

/**
 * Toasts are loaded on first use so @mantine/notifications stays out of the home page's JavaScript.
 * `NotificationsHost` mounts the toast area once `notify` has been called; toasts shown before it
 * mounts wait in Mantine's store and appear when it does.
 */
let hostWanted = false;
const listeners = new Set<() => void>();

export function subscribeToHostRequest(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function isHostWanted(): boolean {
  return hostWanted;
}

export async function notify(data: NotificationData): Promise<void> {
  if (!hostWanted) {
    hostWanted = true;
    for (const listener of listeners) listener();
  }
  const { notifications } = await import('@mantine/notifications');
  // The close button named in the reader's language (the theme's English name is for a toast shown before the words load).
  const close = i18next.isInitialized ? { closeButtonProps: { 'aria-label': i18next.t('close') } } : {};
  notifications.show({ ...close, ...data });
}
