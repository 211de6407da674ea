import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';
import classes from './toast-area.module.css';

/** Spec section 4: toasts sit top-right and close after 5000 ms. Loaded lazily by NotificationsHost. */
export default function ToastArea() {
  return <Notifications position="top-right" autoClose={5000} classNames={{ root: classes.root }} />;
}
