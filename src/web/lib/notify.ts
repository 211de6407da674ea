import type { NotificationData } from '@mantine/notifications';

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
  notifications.show(data);
}
