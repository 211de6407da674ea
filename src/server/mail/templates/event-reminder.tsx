import { formatWallDate } from '../../../shared/format.ts';
import type { OutgoingMessage } from '../outbox.ts';
import { renderMessage } from '../render.ts';
import { Action, type InLanguage, Layout, type MailSite, mailWords, Paragraph, ShiftLine } from './layout.tsx';

export interface EventReminder extends InLanguage {
  site: MailSite;
  registrationId: string;
  to: string;
  name: string;
  event: { id: string; title: string; date: string; time: string | null };
  /** The shift the person comes for, on an event staffed by shifts: its role and times ('YYYY-MM-DDTHH:MM'). */
  shift?: { role: string; startsAt: string; endsAt: string } | null;
  /** From `unsubscribeFor(…, 'reminders', …)`. */
  unsubscribe: { url: string; headers: Record<string, string> };
}

/** Its key and subject, without writing it: what the outbox holds and shows until the worker writes it. */
export const eventReminderHeading = (data: Omit<EventReminder, 'site' | 'unsubscribe'>) => ({
  key: `reminder:${data.registrationId}:${data.event.date}`,
  subject: mailWords(data)('eventReminder.subject', { title: data.event.title }),
});

/** The day before an event: one per registration and event day (a moved event is reminded of again). */
export async function eventReminderMessage(data: EventReminder): Promise<OutgoingMessage> {
  const { site, event, language } = data;
  const t = mailWords(data);
  const shift = data.shift;
  const when = formatWallDate(shift ? shift.startsAt : event.time ? `${event.date}T${event.time.slice(0, 5)}` : event.date, language);
  const { html, text } = await renderMessage(
    <Layout
      site={site}
      language={language}
      preview={t('eventReminder.preview', { title: event.title, when })}
      heading={t('eventReminder.heading', { title: event.title })}
      reason={t('eventReminder.reason', { site: site.name })}
      unsubscribeUrl={data.unsubscribe.url}
    >
      <Paragraph>{t('eventReminder.hello', { name: data.name })}</Paragraph>
      <Paragraph>{t('eventReminder.reminder', { title: event.title, when })}</Paragraph>
      {shift ? <ShiftLine event={{ role: shift.role, date: shift.startsAt, end: shift.endsAt }} language={language} /> : null}
      <Paragraph>{t('eventReminder.cancel')}</Paragraph>
      <Action href={`${site.publicUrl}/dashboard/myEvents`} language={language}>
        {t('eventReminder.myEvents')}
      </Action>
    </Layout>,
  );
  return {
    ...eventReminderHeading(data),
    kind: 'event-reminder',
    to: data.to,
    html,
    text,
    headers: data.unsubscribe.headers,
  };
}
