import type { ReactNode } from 'react';
import classes from './social-links.module.css';

/** Placeholders: the charity has no social accounts yet, so each is a named, disabled button. */
const networks: { name: string; icon: ReactNode }[] = [
  {
    name: 'Facebook',
    icon: <path d="M14 8h3V4h-3c-2.8 0-4 1.8-4 4.3V10H7v4h3v8h4v-8h3l1-4h-4V8.5c0-.3.2-.5.5-.5Z" />,
  },
  {
    name: 'Instagram',
    icon: (
      <path d="M8 3h8a5 5 0 0 1 5 5v8a5 5 0 0 1-5 5H8a5 5 0 0 1-5-5V8a5 5 0 0 1 5-5Zm0 2a3 3 0 0 0-3 3v8a3 3 0 0 0 3 3h8a3 3 0 0 0 3-3V8a3 3 0 0 0-3-3H8Zm4 3a4 4 0 1 1 0 8 4 4 0 0 1 0-8Zm0 2a2 2 0 1 0 0 4 2 2 0 0 0 0-4Zm4.5-3.5a1 1 0 1 1 0 2 1 1 0 0 1 0-2Z" />
    ),
  },
  {
    name: 'X',
    icon: <path d="M4 3h4.5l4 5.6L17.3 3H20l-6.2 7.3L21 21h-4.5l-4.4-6.2L6.8 21H4l7-8.1L4 3Zm3 1.6 10.2 14.8h1.3L8.3 4.6H7Z" />,
  },
];

export function SocialLinks() {
  return (
    <ul className={classes.list}>
      {networks.map((network) => (
        <li key={network.name}>
          <button type="button" className={classes.icon} disabled aria-label={`${network.name} (coming soon)`}>
            <svg viewBox="0 0 24 24" width={18} height={18} fill="currentColor" aria-hidden="true">
              {network.icon}
            </svg>
          </button>
        </li>
      ))}
    </ul>
  );
}
