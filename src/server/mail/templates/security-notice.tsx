import { clockTime } from '../../../shared/format.ts';
import type { OutgoingMessage } from '../outbox.ts';
import { renderMessage } from '../render.ts';
import { Action, type InLanguage, Layout, type MailSite, mailWords, Paragraph } from './layout.tsx';

/** What changed in how an account is protected: each is mailed to the account, whoever made it. */
export type SecurityChange = 'second-factor-on' | 'second-factor-off' | 'recovery-codes' | 'password-changed' | 'password-reset';

/** Each change's words in mail.json: `securityNotice.<key>.subject`, `.heading` and `.what`. */
const wordsKey: Record<SecurityChange, string> = {
  'second-factor-on': 'secondFactorOn',
  'second-factor-off': 'secondFactorOff',
  'recovery-codes': 'recoveryCodes',
  'password-changed': 'passwordChanged',
  'password-reset': 'passwordReset',
};

function SecurityNotice({
  site,
  name,
  change,
  when,
  language,
}: { site: MailSite; name: string; change: SecurityChange; when: string } & InLanguage) {
  const t = mailWords({ language });
  const heading = t(`securityNotice.${wordsKey[change]}.heading`);
  return (
    <Layout site={site} language={language} preview={heading} heading={heading} reason={t('securityNotice.reason', { site: site.name })}>
      <Paragraph>{t('securityNotice.hello', { name })}</Paragraph>
      <Paragraph>{`${t(`securityNotice.${wordsKey[change]}.what`)} ${t('securityNotice.happened', { when })}`}</Paragraph>
      <Paragraph>{site.email ? t('securityNotice.ifNotYou', { email: site.email }) : t('securityNotice.ifNotYouNoEmail')}</Paragraph>
      <Action href={`${site.publicUrl}/forgot-password`} language={language}>
        {t('securityNotice.action')}
      </Action>
    </Layout>
  );
}

/**
 * '27 November 2026, 14:32 (Asia/Dhaka)': the charity's own time, named, as the person may be elsewhere;
 * in Bengali with Bengali digits and month names.
 */
function inSiteTime(site: MailSite, at: Date, language = 'en'): string {
  return `${clockTime(at, site.timeZone, language, false)} (${site.timeZone})`;
}

/** A change to how the account signs in. A security message: no unsubscribe link, sent whatever the preferences. */
export async function securityNoticeMessage(
  data: {
    site: MailSite;
    userId: string;
    to: string;
    name: string;
    change: SecurityChange;
    at?: Date;
  } & InLanguage,
): Promise<OutgoingMessage> {
  const at = data.at ?? new Date();
  const t = mailWords(data);
  const { html, text } = await renderMessage(
    <SecurityNotice
      site={data.site}
      name={data.name}
      change={data.change}
      when={inSiteTime(data.site, at, data.language)}
      language={data.language}
    />,
  );
  return {
    key: `security:${data.change}:${data.userId}:${at.getTime()}`,
    kind: `security-${data.change}`,
    to: data.to,
    subject: t('securityNotice.subject', { change: t(`securityNotice.${wordsKey[data.change]}.subject`), site: data.site.name }),
    html,
    text,
  };
}
