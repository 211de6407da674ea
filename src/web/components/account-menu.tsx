import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useCurrentAccount, useSignOut } from '../lib/current-account.ts';
import { markVisitor } from '../lib/who-is-here.ts';
import classes from './account-menu.module.css';
import { AccountPhoto } from './account-photo.tsx';
import { Button, ButtonLink } from './button.tsx';
import linkClasses from './main-links.module.css';

/**
 * The account corner of the navigation bar (spec section 2). Signed out: a 'Login' link. Signed in:
 * 'Dashboard', the profile picture linking to /dashboard/profile, and 'Logout'. While the account
 * loads the 'Login' link is there but unseen, so a signed-in person never sees it flash by; a page the
 * server drew that rests for a visitor (main.tsx, `<html data-visitor>`) shows it without the app.
 */
export function AccountMenu({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { account, isPending } = useCurrentAccount();
  const { signOut, pending } = useSignOut();

  // The same 'Login' while loading and for a visitor, shown by `<html data-visitor>`: a page drawn while
  // it loaded is taken over as it is, whether or not it is known by then who is here.
  useEffect(() => {
    if (!isPending) markVisitor(!account);
  }, [account, isPending]);

  if (isPending || !account) {
    return (
      <ButtonLink to="/login" onClick={onNavigate} className={classes.untilKnown}>
        {t('account.login')}
      </ButtonLink>
    );
  }
  return (
    <>
      <NavLink to="/dashboard" end className={linkClasses.link} onClick={onNavigate}>
        {t('account.dashboard')}
      </NavLink>
      <NavLink to="/dashboard/profile" className={classes.photoLink} aria-label={t('account.myProfile')} onClick={onNavigate}>
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
        {t('account.logout')}
      </Button>
    </>
  );
}
