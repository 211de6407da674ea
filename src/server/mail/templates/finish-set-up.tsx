import type { OutgoingMessage } from '../outbox.ts';
import { renderMessage } from '../render.ts';
import { Action, Layout, type MailSite, Paragraph } from './layout.tsx';
import { linkKey, VERIFY_EMAIL_HOURS } from './verify-email.tsx';

function FinishSetUp({ site, name, url, admin }: { site: MailSite; name: string; url: string; admin: boolean }) {
  return (
    <Layout
      site={site}
      preview={`Finish setting up your account on ${site.name}`}
      heading="Finish setting up your account"
      reason={`You get this message because an account on ${site.name} was made, or someone tried to make one, with this address.`}
    >
      <Paragraph>Hello {name},</Paragraph>
      <Paragraph>
        An account on {site.name} uses this address. To finish setting it up and make sure it is yours, choose its password through the link
        below. It works once, for {VERIFY_EMAIL_HOURS} hours, confirms your address, and signs out anyone else who is using the account.
      </Paragraph>
      {admin ? (
        <Paragraph>
          This address is one of the organisation's admin addresses: choosing the password through this link is what makes the account an
          admin.
        </Paragraph>
      ) : null}
      <Action href={url}>Choose your password</Action>
      <Paragraph>If you did not sign up, you can still use the link to take the account over, or ignore this message.</Paragraph>
    </Layout>
  );
}

/**
 * 'Finish setting up your account': a link that sets the password, like a reset link, for an address
 * whose account is not confirmed (an admin address at sign-up, or a sign-up that met an unconfirmed
 * account). A security message: no unsubscribe link, sent whatever the preferences.
 */
export async function finishSetUpMessage(data: {
  site: MailSite;
  to: string;
  name: string;
  token: string;
  admin: boolean;
}): Promise<OutgoingMessage> {
  const url = `${data.site.publicUrl}/reset-password?token=${encodeURIComponent(data.token)}`;
  const { html, text } = await renderMessage(<FinishSetUp site={data.site} name={data.name} url={url} admin={data.admin} />);
  return {
    key: linkKey('finish-set-up', data.token),
    kind: 'finish-set-up',
    to: data.to,
    subject: `Finish setting up your account on ${data.site.name}`,
    html,
    text,
  };
}
