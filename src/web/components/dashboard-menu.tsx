import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import type { Me, Role } from '../../shared/accounts.ts';
import type { DoorEvent } from '../../shared/staff.ts';
import { getJson } from '../lib/api-client.ts';
import { accountScope, useSignOut } from '../lib/current-account.ts';
import { AccountPhoto } from './account-photo.tsx';
import classes from './dashboard-menu.module.css';

interface MenuItem {
  to: string;
  label: string;
}

/**
 * Spec section 2, 'Side menu': the labels as the spec writes them (in English; common.json's
 * dashboard.pages). My Events (where a person's passes are) is everyone's: anyone signed in may
 * register for an event, whatever their role (issue 29).
 */
const everyone = (t: TFunction): MenuItem[] => [
  { to: '/dashboard', label: t('dashboard.pages.dashboard') },
  { to: '/dashboard/profile', label: t('dashboard.pages.profile') },
  { to: '/dashboard/impact', label: t('dashboard.pages.impact') },
  { to: '/dashboard/security', label: t('dashboard.pages.security') },
  { to: '/dashboard/myEvents', label: t('dashboard.pages.myEvents') },
];

const byRole = (t: TFunction): Record<Role, MenuItem[]> => ({
  donator: [{ to: '/dashboard/donation', label: t('dashboard.pages.donation') }],
  volunteer: [
    { to: '/dashboard/addReview', label: t('dashboard.pages.addReview') },
    { to: '/dashboard/notices', label: t('dashboard.pages.notices') },
    { to: '/dashboard/myReview', label: t('dashboard.pages.myReview') },
  ],
  admin: [
    { to: '/dashboard/addNotice', label: t('dashboard.pages.addNotice') },
    { to: '/dashboard/addEvent', label: t('dashboard.pages.addEvent') },
    { to: '/dashboard/allEvents', label: t('dashboard.pages.allEvents') },
    { to: '/dashboard/all-event-registration', label: t('dashboard.pages.allRegistrations') },
    { to: '/dashboard/all-donation', label: t('dashboard.pages.allDonations') },
    { to: '/dashboard/monthly-gifts', label: t('dashboard.pages.monthlyGifts') },
    { to: '/dashboard/all-accounts', label: t('dashboard.pages.allAccounts') },
    { to: '/dashboard/reviews', label: t('dashboard.pages.reviews') },
    { to: '/dashboard/outbox', label: t('dashboard.pages.outbox') },
    { to: '/dashboard/audit', label: t('dashboard.pages.audit') },
    { to: '/dashboard/settings', label: t('dashboard.pages.settings') },
  ],
});

/** Said under the name; nothing for the role every new account has (someone who came to volunteer is no 'Donator'). */
const roleNames = (t: TFunction): Record<Role, string | null> => ({
  donator: null,
  volunteer: t('dashboard.roles.volunteer'),
  admin: t('dashboard.roles.admin'),
});

/**
 * The events whose door the person was named to run (GET /api/door/events): the same query, under the
 * same key, as the Door page's and the door guard's (features/staff/api.ts), which this layer may not import.
 */
const doorEventsQuery = {
  queryKey: [...accountScope, 'door-events'] as const,
  queryFn: async ({ signal }: { signal?: AbortSignal }) => (await getJson<DoorEvent[]>('/door/events', signal)).data,
  networkMode: 'always' as const,
};

/** 'Door', in the door area's words (fetched only for someone who has a door to run). */
function DoorItem({ onNavigate }: { onNavigate?: () => void }) {
  // The menu's own words are the common area's; this one item's, the door area's.
  const { t: doorT } = useTranslation(['door']);
  return (
    <li>
      <NavLink to="/dashboard/door" className={classes.item} onClick={onNavigate}>
        {doorT('menu.door')}
      </NavLink>
    </li>
  );
}

/**
 * The dashboard's side menu: who is signed in, then the pages their role may use, then 'Door' for someone
 * named to run an event's door (an admin past the second factor runs every door from All Events), then
 * 'Log Out'.
 */
export function DashboardMenu({ account, onNavigate }: { account: Me; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { signOut, pending } = useSignOut();
  const items = [...everyone(t), ...byRole(t)[account.role]];
  const role = roleNames(t)[account.role];
  const everyDoor = account.role === 'admin' && !account.mfaRequired;
  const doorEvents = useQuery({ ...doorEventsQuery, enabled: !everyDoor });
  const hasDoor = !everyDoor && (doorEvents.data?.length ?? 0) > 0;

  return (
    <div className={classes.menu}>
      <div className={classes.who}>
        <AccountPhoto photoURL={account.photoURL} size={72} />
        <div className={classes.name}>{account.displayName}</div>
        {role && <div className={classes.role}>{role}</div>}
      </div>
      <nav aria-label={t('dashboard.menuLabel')}>
        <ul className={classes.list}>
          {items.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} end={item.to === '/dashboard'} className={classes.item} onClick={onNavigate}>
                {item.label}
              </NavLink>
            </li>
          ))}
          {hasDoor && (
            <Suspense fallback={null}>
              <DoorItem onNavigate={onNavigate} />
            </Suspense>
          )}
          <li>
            <button
              type="button"
              className={classes.item}
              disabled={pending}
              onClick={() => {
                onNavigate?.();
                void signOut();
              }}
            >
              {t('dashboard.logOut')}
            </button>
          </li>
        </ul>
      </nav>
    </div>
  );
}
