import { formatEventDate } from '../../../shared/event-date.ts';
import type { OutgoingMessage } from '../outbox.ts';
import { renderMessage } from '../render.ts';
import { Action, Layout, type MailSite, Paragraph } from './layout.tsx';

export interface EventReminder {
  site: MailSite;
  registrationId: string;
  to: string;
  name: string;
  event: { id: string; title: string; date: string; time: string | null };
  /** From `unsubscribeFor(…, 'reminders', …)`. */
  unsubscribe: { url: string; headers: Record<string, string> };
}

/** Its key and subject, without writing it: what the outbox holds and shows until the worker writes it. */
export const eventReminderHeading = (data: Omit<EventReminder, 'site' | 'unsubscribe'>) => ({
  key: `reminder:${data.registrationId}:${data.event.date}`,
  subject: `Tomorrow: ${data.event.title}`,
});

/** The day before an event: one per registration and event day (a moved event is reminded of again). */
export async function eventReminderMessage(data: EventReminder): Promise<OutgoingMessage> {
  const { site, event } = data;
  const when = formatEventDate(event.time ? `${event.date}T${event.time.slice(0, 5)}` : event.date);
  const { html, text } = await renderMessage(
    <Layout
      site={site}
      preview={`${event.title} is tomorrow, ${when}.`}
      heading={`${event.title} is tomorrow`}
      reason={`You are registered to volunteer at this event on ${site.name}.`}
      unsubscribeUrl={data.unsubscribe.url}
    >
      <Paragraph>Hello {data.name},</Paragraph>
      <Paragraph>
        A reminder that you are registered to volunteer at {event.title}, on {when}. Thank you for giving your time.
      </Paragraph>
      <Paragraph>If you can no longer come, please cancel your registration from My Events, so the organisers know.</Paragraph>
      <Action href={`${site.publicUrl}/dashboard/myEvents`}>Open My Events</Action>
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
