import { createHash, randomUUID } from 'node:crypto';
import { formatNumber } from '../../../shared/format.ts';
import type { OutgoingMessage } from '../outbox.ts';
import { renderMessage } from '../render.ts';
import { Action, type InLanguage, Layout, type MailSite, mailWords, Paragraph } from './layout.tsx';

/** Hours a confirmation link stays good (the sign-in library's `emailVerification.expiresIn`). */
export const VERIFY_EMAIL_HOURS = 24;

/** A key that names this one link without writing its token into the key. */
export const linkKey = (kind: string, token: string) => `${kind}:${createHash('sha256').update(token).digest('hex').slice(0, 40)}`;

function VerifyEmail({ site, name, url, language }: { site: MailSite; name: string; url: string } & InLanguage) {
  const t = mailWords({ language });
  return (
    <Layout
      site={site}
      language={language}
      preview={t('verifyEmail.preview', { site: site.name })}
      heading={t('verifyEmail.heading')}
      reason={t('verifyEmail.reason', { site: site.name })}
    >
      <Paragraph>{t('verifyEmail.hello', { name })}</Paragraph>
      <Paragraph>{t('verifyEmail.confirm', { count: VERIFY_EMAIL_HOURS, hours: formatNumber(VERIFY_EMAIL_HOURS, language) })}</Paragraph>
      <Action href={url} language={language}>
        {t('verifyEmail.action')}
      </Action>
      <Paragraph>{t('verifyEmail.notYou')}</Paragraph>
    </Layout>
  );
}

/**
 * The confirmation link sent after sign-up and on 'Send the link again'. A security message: it has
 * no unsubscribe link, and it goes whatever the person's email preferences say.
 */
export async function verifyEmailMessage(
  data: {
    site: MailSite;
    userId: string;
    to: string;
    name: string;
    token: string;
  } & InLanguage,
): Promise<OutgoingMessage> {
  const url = `${data.site.publicUrl}/verify-email?token=${encodeURIComponent(data.token)}`;
  const { html, text } = await renderMessage(<VerifyEmail site={data.site} name={data.name} url={url} language={data.language} />);
  // Each request is its own cause: two asked within one second carry the same token, and both go.
  return {
    key: `verify-email:${data.userId}:${randomUUID()}`,
    kind: 'verify-email',
    to: data.to,
    subject: mailWords(data)('verifyEmail.subject', { site: data.site.name }),
    html,
    text,
  };
}
