import { createHash, randomUUID } from 'node:crypto';
import type { OutgoingMessage } from '../outbox.ts';
import { renderMessage } from '../render.ts';
import { Action, Layout, type MailSite, Paragraph } from './layout.tsx';

/** Hours a confirmation link stays good (the sign-in library's `emailVerification.expiresIn`). */
export const VERIFY_EMAIL_HOURS = 24;

/** A key that names this one link without writing its token into the key. */
export const linkKey = (kind: string, token: string) => `${kind}:${createHash('sha256').update(token).digest('hex').slice(0, 40)}`;

function VerifyEmail({ site, name, url }: { site: MailSite; name: string; url: string }) {
  return (
    <Layout
      site={site}
      preview={`Confirm your email address for ${site.name}`}
      heading="Confirm your email address"
      reason={`You get this message because an account on ${site.name} was made, or asked for a new link, with this address.`}
    >
      <Paragraph>Hello {name},</Paragraph>
      <Paragraph>Please confirm that this is your email address. The link works for {VERIFY_EMAIL_HOURS} hours.</Paragraph>
      <Action href={url}>Confirm my email address</Action>
      <Paragraph>If you did not make an account, you can ignore this message: nothing happens until the link is opened.</Paragraph>
    </Layout>
  );
}

/**
 * The confirmation link sent after sign-up and on 'Send the link again'. A security message: it has
 * no unsubscribe link, and it goes whatever the person's email preferences say.
 */
export async function verifyEmailMessage(data: {
  site: MailSite;
  userId: string;
  to: string;
  name: string;
  token: string;
}): Promise<OutgoingMessage> {
  const url = `${data.site.publicUrl}/verify-email?token=${encodeURIComponent(data.token)}`;
  const { html, text } = await renderMessage(<VerifyEmail site={data.site} name={data.name} url={url} />);
  // Each request is its own cause: two asked within one second carry the same token, and both go.
  return {
    key: `verify-email:${data.userId}:${randomUUID()}`,
    kind: 'verify-email',
    to: data.to,
    subject: `Confirm your email address for ${data.site.name}`,
    html,
    text,
  };
}
