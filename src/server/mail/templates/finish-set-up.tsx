import { formatNumber } from '../../../shared/format.ts';
import type { OutgoingMessage } from '../outbox.ts';
import { renderMessage } from '../render.ts';
import { Action, type InLanguage, Layout, type MailSite, mailWords, Paragraph } from './layout.tsx';
import { linkKey, VERIFY_EMAIL_HOURS } from './verify-email.tsx';

function FinishSetUp({ site, name, url, admin, language }: { site: MailSite; name: string; url: string; admin: boolean } & InLanguage) {
  const t = mailWords({ language });
  return (
    <Layout
      site={site}
      language={language}
      preview={t('finishSetUp.preview', { site: site.name })}
      heading={t('finishSetUp.heading')}
      reason={t('finishSetUp.reason', { site: site.name })}
    >
      <Paragraph>{t('finishSetUp.hello', { name })}</Paragraph>
      <Paragraph>
        {t('finishSetUp.link', { site: site.name, count: VERIFY_EMAIL_HOURS, hours: formatNumber(VERIFY_EMAIL_HOURS, language) })}
      </Paragraph>
      {admin ? <Paragraph>{t('finishSetUp.admin')}</Paragraph> : null}
      <Action href={url} language={language}>
        {t('finishSetUp.choose')}
      </Action>
      <Paragraph>{t('finishSetUp.notYou')}</Paragraph>
    </Layout>
  );
}

/**
 * 'Finish setting up your account': a link that sets the password, like a reset link, for an address
 * whose account is not confirmed (an admin address at sign-up, or a sign-up that met an unconfirmed
 * account). A security message: no unsubscribe link, sent whatever the preferences.
 */
export async function finishSetUpMessage(
  data: {
    site: MailSite;
    to: string;
    name: string;
    token: string;
    admin: boolean;
  } & InLanguage,
): Promise<OutgoingMessage> {
  const url = `${data.site.publicUrl}/reset-password?token=${encodeURIComponent(data.token)}`;
  const { html, text } = await renderMessage(
    <FinishSetUp site={data.site} name={data.name} url={url} admin={data.admin} language={data.language} />,
  );
  return {
    key: linkKey('finish-set-up', data.token),
    kind: 'finish-set-up',
    to: data.to,
    subject: mailWords(data)('finishSetUp.subject', { site: data.site.name }),
    html,
    text,
  };
}
