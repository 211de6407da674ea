import type { OutgoingMessage } from '../outbox.ts';
import { renderMessage } from '../render.ts';
import { Action, Layout, type MailSite, Paragraph } from './layout.tsx';

/** What changed in how an account is protected: each is mailed to the account, whoever made it. */
export type SecurityChange = 'second-factor-on' | 'second-factor-off' | 'recovery-codes' | 'password-changed' | 'password-reset';

const words: Record<SecurityChange, { subject: string; heading: string; what: string }> = {
  'second-factor-on': {
    subject: 'Two-step sign-in is on',
    heading: 'Two-step sign-in is on',
    what: 'Two-step sign-in was turned on for your account: signing in now asks for a code from an authenticator app.',
  },
  'second-factor-off': {
    subject: 'Two-step sign-in was turned off',
    heading: 'Two-step sign-in was turned off',
    what: 'Two-step sign-in was turned off for your account: the password alone now signs in.',
  },
  'recovery-codes': {
    subject: 'New recovery codes were made',
    heading: 'New recovery codes were made',
    what: 'New recovery codes were made for your account. The old ones no longer work.',
  },
  'password-changed': {
    subject: 'Your password was changed',
    heading: 'Your password was changed',
    what: 'The password of your account was changed, and every other session of the account was signed out.',
  },
  'password-reset': {
    subject: 'Your password was reset',
    heading: 'Your password was reset',
    what: 'A new password was set for your account through a link mailed to this address, and every session of the account was signed out.',
  },
};

function SecurityNotice({ site, name, change, when }: { site: MailSite; name: string; change: SecurityChange; when: string }) {
  const { heading, what } = words[change];
  return (
    <Layout
      site={site}
      preview={heading}
      heading={heading}
      reason={`You get this message because the sign-in of your account on ${site.name} changed.`}
    >
      <Paragraph>Hello {name},</Paragraph>
      <Paragraph>
        {what} This happened on {when}.
      </Paragraph>
      <Paragraph>
        If this was you, there is nothing to do. If it was not, set a new password now: it signs everyone else out. Then tell{' '}
        {site.email ? `us at ${site.email}` : 'us'}.
      </Paragraph>
      <Action href={`${site.publicUrl}/forgot-password`}>Set a new password</Action>
    </Layout>
  );
}

/** '27 November 2026, 14:32 (Asia/Dhaka)': the charity's own time, named, as the person may be elsewhere. */
function inSiteTime(site: MailSite, at: Date): string {
  const formatted = new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: site.timeZone,
  }).format(at);
  return `${formatted.replace(' at ', ', ')} (${site.timeZone})`;
}

/** A change to how the account signs in. A security message: no unsubscribe link, sent whatever the preferences. */
export async function securityNoticeMessage(data: {
  site: MailSite;
  userId: string;
  to: string;
  name: string;
  change: SecurityChange;
  at?: Date;
}): Promise<OutgoingMessage> {
  const at = data.at ?? new Date();
  const { html, text } = await renderMessage(
    <SecurityNotice site={data.site} name={data.name} change={data.change} when={inSiteTime(data.site, at)} />,
  );
  return {
    key: `security:${data.change}:${data.userId}:${at.getTime()}`,
    kind: `security-${data.change}`,
    to: data.to,
    subject: `${words[data.change].subject} (${data.site.name})`,
    html,
    text,
  };
}
