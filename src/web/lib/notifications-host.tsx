import { lazy, Suspense, useSyncExternalStore } from 'react';
import { isHostWanted, subscribeToHostRequest } from './notify.ts';

const ToastArea = lazy(() => import('./toast-area.tsx'));

/** Renders nothing until the first toast is asked for (see notify.ts). */
export function NotificationsHost() {
  const wanted = useSyncExternalStore(subscribeToHostRequest, isHostWanted, () => false);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ToastArea />
    </Suspense>
  );
}
