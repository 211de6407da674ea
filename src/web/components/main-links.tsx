import { NavLink } from 'react-router';
import classes from './main-links.module.css';

const links = [{ to: '/events', label: 'Events' }] as const;

/** The public pages in the navigation bar; the current one is marked with aria-current. */
export function MainLinks({ onNavigate }: { onNavigate?: () => void }) {
  return links.map((link) => (
    <NavLink key={link.to} to={link.to} className={classes.link} onClick={onNavigate}>
      {link.label}
    </NavLink>
  ));
}
