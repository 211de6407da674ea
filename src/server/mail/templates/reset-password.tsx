import type { OutgoingMessage } from '../outbox.ts';
import { renderMessage } from '../render.ts';
import { Action, type InLanguage, Layout, type MailSite, mailWords, Paragraph } from './layout.tsx';
import { linkKey } from './verify-email.tsx';

/** Minutes a reset link stays good (the sign-in library's `resetPasswordTokenExpiresIn`). */
export const RESET_PASSWORD_MINUTES = 60;

function ResetPassword({ site, name, url, language }: { site: MailSite; name: string; url: string } & InLanguage) {
  const t = mailWords({ language });
  return (
    <Layout
      site={site}
      language={language}
      preview={t('resetPassword.preview', { site: site.name })}
      heading={t('resetPassword.heading')}
      reason={t('resetPassword.reason', { site: site.name })}
    >
      <Paragraph>{t('resetPassword.hello', { name })}</Paragraph>
      <Paragraph>{t('resetPassword.asked')}</Paragraph>
      <Action href={url} language={language}>
        {t('resetPassword.action')}
      </Action>
      <Paragraph>{t('resetPassword.notYou')}</Paragraph>
    </Layout>
  );
}

/** The password reset link. A security message: no unsubscribe link, sent whatever the preferences. */
export async function resetPasswordMessage(
  data: { site: MailSite; to: string; name: string; token: string } & InLanguage,
): Promise<OutgoingMessage> {
  const url = `${data.site.publicUrl}/reset-password?token=${encodeURIComponent(data.token)}`;
  const { html, text } = await renderMessage(<ResetPassword site={data.site} name={data.name} url={url} language={data.language} />);
  return {
    key: linkKey('reset-password', data.token),
    kind: 'reset-password',
    to: data.to,
    subject: mailWords(data)('resetPassword.subject', { site: data.site.name }),
    html,
    text,
  };
}
