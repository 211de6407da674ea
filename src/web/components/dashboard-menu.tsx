import { NavLink } from 'react-router';
import type { Account, Role } from '../../shared/accounts.ts';
import { useSignOut } from '../lib/current-account.ts';
import { AccountPhoto } from './account-photo.tsx';
import classes from './dashboard-menu.module.css';

interface MenuItem {
  to: string;
  label: string;
}

/**
 * Spec section 2, 'Side menu': the labels as the spec writes them. My Events (where a person's passes
 * are) is everyone's: anyone signed in may register for an event, whatever their role (issue 29).
 */
const everyone: MenuItem[] = [
  { to: '/dashboard', label: 'Dashboard' },
  { to: '/dashboard/profile', label: 'My Profile' },
  { to: '/dashboard/impact', label: 'My Impact' },
  { to: '/dashboard/security', label: 'Security' },
  { to: '/dashboard/myEvents', label: 'My Events' },
];

const byRole: Record<Role, MenuItem[]> = {
  donator: [{ to: '/dashboard/donation', label: 'My Donation' }],
  volunteer: [
    { to: '/dashboard/addReview', label: 'Add Review' },
    { to: '/dashboard/notices', label: 'Notices' },
    { to: '/dashboard/myReview', label: 'My Review' },
  ],
  admin: [
    { to: '/dashboard/addNotice', label: 'Add Notice' },
    { to: '/dashboard/addEvent', label: 'Add Event' },
    { to: '/dashboard/allEvents', label: 'All Events' },
    { to: '/dashboard/all-event-registration', label: 'All Reg.' },
    { to: '/dashboard/all-donation', label: 'All Donation' },
    { to: '/dashboard/all-accounts', label: 'All Accounts' },
    { to: '/dashboard/reviews', label: 'Reviews' },
    { to: '/dashboard/outbox', label: 'Outbox' },
    { to: '/dashboard/audit', label: 'Audit Log' },
    { to: '/dashboard/settings', label: 'Settings' },
  ],
};

/** Said under the name; nothing for the role every new account has (someone who came to volunteer is no 'Donator'). */
const roleNames: Record<Role, string | null> = { donator: null, volunteer: 'Volunteer', admin: 'Admin' };

/** The dashboard's side menu: who is signed in, then the pages their role may use, then 'Log Out'. */
export function DashboardMenu({ account, onNavigate }: { account: Account; onNavigate?: () => void }) {
  const { signOut, pending } = useSignOut();
  const items = [...everyone, ...byRole[account.role]];

  return (
    <div className={classes.menu}>
      <div className={classes.who}>
        <AccountPhoto photoURL={account.photoURL} size={72} />
        <div className={classes.name}>{account.displayName}</div>
        {roleNames[account.role] && <div className={classes.role}>{roleNames[account.role]}</div>}
      </div>
      <nav aria-label="Dashboard">
        <ul className={classes.list}>
          {items.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} end={item.to === '/dashboard'} className={classes.item} onClick={onNavigate}>
                {item.label}
              </NavLink>
            </li>
          ))}
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
              Log Out
            </button>
          </li>
        </ul>
      </nav>
    </div>
  );
}
