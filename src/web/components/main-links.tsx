import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import classes from './main-links.module.css';

const links = [{ to: '/events', label: 'nav.events' }] as const;

/** The public pages in the navigation bar; the current one is marked with aria-current. */
export function MainLinks({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  return links.map((link) => (
    <NavLink key={link.to} to={link.to} className={classes.link} onClick={onNavigate}>
      {t(link.label)}
    </NavLink>
  ));
}
