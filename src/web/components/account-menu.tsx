import { ButtonLink } from './button.tsx';

/**
 * The account corner of the navigation bar. Signed out (the only state so far) it is a 'Login' link.
 * When sign-in arrives this is the one place that changes: signed in it shows 'Dashboard', the
 * profile picture linking to /dashboard/profile and 'Logout' (spec section 2).
 */
export function AccountMenu({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <ButtonLink to="/login" onClick={onNavigate}>
      Login
    </ButtonLink>
  );
}
