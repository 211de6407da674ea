import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SocialLink } from '../../shared/site.ts';
import classes from './social-links.module.css';

/** Icons for the networks people know by sight, chosen by the link's address; any other gets a plain link mark. */
const icons: { hosts: RegExp; icon: ReactNode }[] = [
  {
    hosts: /(^|\.)(facebook\.com|fb\.com)$/,
    icon: <path d="M14 8h3V4h-3c-2.8 0-4 1.8-4 4.3V10H7v4h3v8h4v-8h3l1-4h-4V8.5c0-.3.2-.5.5-.5Z" />,
  },
  {
    hosts: /(^|\.)instagram\.com$/,
    icon: (
      <path d="M8 3h8a5 5 0 0 1 5 5v8a5 5 0 0 1-5 5H8a5 5 0 0 1-5-5V8a5 5 0 0 1 5-5Zm0 2a3 3 0 0 0-3 3v8a3 3 0 0 0 3 3h8a3 3 0 0 0 3-3V8a3 3 0 0 0-3-3H8Zm4 3a4 4 0 1 1 0 8 4 4 0 0 1 0-8Zm0 2a2 2 0 1 0 0 4 2 2 0 0 0 0-4Zm4.5-3.5a1 1 0 1 1 0 2 1 1 0 0 1 0-2Z" />
    ),
  },
  {
    hosts: /(^|\.)(x\.com|twitter\.com)$/,
    icon: <path d="M4 3h4.5l4 5.6L17.3 3H20l-6.2 7.3L21 21h-4.5l-4.4-6.2L6.8 21H4l7-8.1L4 3Zm3 1.6 10.2 14.8h1.3L8.3 4.6H7Z" />,
  },
];

const linkMark = (
  <path d="M10.6 13.4a1 1 0 0 1 0-1.4l3.5-3.5a1 1 0 1 1 1.4 1.4L12 13.4a1 1 0 0 1-1.4 0ZM8.5 20a4.5 4.5 0 0 1-3.2-7.7l2.1-2.1a1 1 0 1 1 1.4 1.4l-2.1 2.1a2.5 2.5 0 0 0 3.5 3.5l2.1-2.1a1 1 0 1 1 1.4 1.4l-2.1 2.1A4.5 4.5 0 0 1 8.5 20Zm8.1-6.5a1 1 0 0 1-.7-1.7l2.1-2.1a2.5 2.5 0 0 0-3.5-3.5l-2.1 2.1a1 1 0 1 1-1.4-1.4l2.1-2.1a4.5 4.5 0 0 1 6.4 6.4l-2.1 2.1a1 1 0 0 1-.8.2Z" />
);

function iconFor(url: string): ReactNode {
  let host = '';
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return linkMark;
  }
  return icons.find((known) => known.hosts.test(host))?.icon ?? linkMark;
}

/** The organisation's social pages (its settings), each named by the label the admin gave it; none, nothing. */
export function SocialLinks({ links }: { links: readonly SocialLink[] }) {
  const { t } = useTranslation();
  if (links.length === 0) return null;
  return (
    <ul className={classes.list} aria-label={t('social.label')}>
      {links.map((link) => (
        <li key={`${link.label} ${link.url}`}>
          <a href={link.url} className={classes.link} rel="me noopener">
            <svg viewBox="0 0 24 24" width={18} height={18} fill="currentColor" aria-hidden="true">
              {iconFor(link.url)}
            </svg>
            <span>{link.label}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
