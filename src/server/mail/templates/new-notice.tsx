import type { OutgoingMessage } from '../outbox.ts';
import { renderMessage } from '../render.ts';
import { Action, type InLanguage, Layout, type MailSite, mailWords, Paragraph } from './layout.tsx';

export interface NewNotice extends InLanguage {
  site: MailSite;
  noticeId: string;
  accountId: string;
  to: string;
  name: string;
  author: string;
  /** The notice as the admin wrote it; its blank lines separate paragraphs. */
  notice: string;
  /** From `unsubscribeFor(…, 'notices', …)`. */
  unsubscribe: { url: string; headers: Record<string, string> };
}

const SUBJECT_WORDS = 60;

function summaryOf(notice: string): string {
  const firstLine = notice.trim().split('\n')[0]?.trim() ?? '';
  return firstLine.length > SUBJECT_WORDS ? `${firstLine.slice(0, SUBJECT_WORDS - 1).trimEnd()}…` : firstLine;
}

/** Its key and subject, without writing it: what the outbox holds and shows until the worker writes it. */
export const newNoticeHeading = (data: Omit<NewNotice, 'site' | 'unsubscribe'>) => ({
  key: `notice:${data.noticeId}:${data.accountId}`,
  subject: mailWords(data)('newNotice.subject', { summary: summaryOf(data.notice) }),
});

/** A new notice, to a volunteer or admin who asked for notices by email. */
export async function newNoticeMessage(data: NewNotice): Promise<OutgoingMessage> {
  const { site, language } = data;
  const t = mailWords(data);
  const summary = summaryOf(data.notice);
  const { html, text } = await renderMessage(
    <Layout
      site={site}
      language={language}
      preview={summary}
      heading={t('newNotice.heading', { author: data.author })}
      reason={t('newNotice.reason', { site: site.name })}
      unsubscribeUrl={data.unsubscribe.url}
    >
      <Paragraph>{t('newNotice.hello', { name: data.name })}</Paragraph>
      {data.notice
        .trim()
        .split(/\n\s*\n/)
        .map((paragraph, i) => (
          // The notice's own paragraphs, in order; they never move.
          // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of a fixed text
          <Paragraph key={i}>{paragraph.trim()}</Paragraph>
        ))}
      <Action href={`${site.publicUrl}/dashboard/notices`} language={language}>
        {t('newNotice.readAll')}
      </Action>
    </Layout>,
  );
  return {
    ...newNoticeHeading(data),
    kind: 'notice',
    to: data.to,
    html,
    text,
    headers: data.unsubscribe.headers,
  };
}
