import { useTranslation } from 'react-i18next';
import type { OverviewEvent } from '../../../shared/overview.ts';
import { formatCount } from '../../components/admin-list/admin-table.tsx';
import classes from './admin-overview.module.css';

type RolePlaces = OverviewEvent['roles'][number];

/**
 * On an event staffed by shifts, its places per role, under its own figures in the overview: 'Driver: 1
 * of 3 places, 1 waiting', 'Cook: 4 registered, no limit'. A list named after the event.
 */
export function RolePlacesList({ event }: { event: OverviewEvent }) {
  const { t, i18n } = useTranslation('door');
  const language = i18n.language;
  const line = (role: RolePlaces) => {
    const registered = formatCount(role.registered, language);
    const places =
      role.capacity === null
        ? t('overview.noLimit', { role: role.role, registered })
        : t('overview.places', { role: role.role, registered, capacity: formatCount(role.capacity, language) });
    return role.waitlisted > 0 ? t('overview.waiting', { places, n: formatCount(role.waitlisted, language) }) : places;
  };
  if (event.roles.length === 0) return null;
  return (
    <ul className={classes.roles} aria-label={t('overview.rolesOf', { title: event.title })}>
      {event.roles.map((role) => (
        <li key={role.role}>{line(role)}</li>
      ))}
    </ul>
  );
}
