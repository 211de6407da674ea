import type { OutgoingMessage } from '../outbox.ts';
import { renderMessage } from '../render.ts';
import { Action, Layout, type MailSite, Paragraph } from './layout.tsx';
import { linkKey } from './verify-email.tsx';

/** Minutes a reset link stays good (the sign-in library's `resetPasswordTokenExpiresIn`). */
export const RESET_PASSWORD_MINUTES = 60;

function ResetPassword({ site, name, url }: { site: MailSite; name: string; url: string }) {
  return (
    <Layout
      site={site}
      preview={`Set a new password for ${site.name}`}
      heading="Set a new password"
      reason={`You get this message because someone asked to reset the password of the account with this address on ${site.name}.`}
    >
      <Paragraph>Hello {name},</Paragraph>
      <Paragraph>
        Someone, hopefully you, asked to reset your password. The link below works once and for one hour. Setting a new password signs you
        out everywhere else.
      </Paragraph>
      <Action href={url}>Set a new password</Action>
      <Paragraph>If you did not ask for this, you can ignore this message: your password stays as it is.</Paragraph>
    </Layout>
  );
}

/** The password reset link. A security message: no unsubscribe link, sent whatever the preferences. */
export async function resetPasswordMessage(data: { site: MailSite; to: string; name: string; token: string }): Promise<OutgoingMessage> {
  const url = `${data.site.publicUrl}/reset-password?token=${encodeURIComponent(data.token)}`;
  const { html, text } = await renderMessage(<ResetPassword site={data.site} name={data.name} url={url} />);
  return {
    key: linkKey('reset-password', data.token),
    kind: 'reset-password',
    to: data.to,
    subject: `Reset your password for ${data.site.name}`,
    html,
    text,
  };
}
