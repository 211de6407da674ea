import { NavLink } from 'react-router';
import { useCurrentAccount, useSignOut } from '../lib/current-account.ts';
import { AccountPhoto } from './account-photo.tsx';
import { Button, ButtonLink } from './button.tsx';
import linkClasses from './main-links.module.css';
import classes from './account-menu.module.css';

/**
 * The account corner of the navigation bar (spec section 2). Signed out: a 'Login' link. Signed in:
 * 'Dashboard', the profile picture linking to /dashboard/profile, and 'Logout'. Nothing while the
 * account loads, so a signed-in person never sees 'Login' flash by.
 */
export function AccountMenu({ onNavigate }: { onNavigate?: () => void }) {
  const { account, isPending } = useCurrentAccount();
  const { signOut, pending } = useSignOut();

  if (isPending) return null;
  if (!account) {
    return (
      <ButtonLink to="/login" onClick={onNavigate}>
        Login
      </ButtonLink>
    );
  }
  return (
    <>
      <NavLink to="/dashboard" end className={linkClasses.link} onClick={onNavigate}>
        Dashboard
      </NavLink>
      <NavLink to="/dashboard/profile" className={classes.photoLink} aria-label="My profile" onClick={onNavigate}>
        <AccountPhoto photoURL={account.photoURL} size={36} />
      </NavLink>
      <Button
        variant="default"
        disabled={pending}
        onClick={() => {
          onNavigate?.();
          void signOut();
        }}
      >
        Logout
      </Button>
    </>
  );
}
