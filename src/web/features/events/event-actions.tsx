import { Group, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { googleCalendarUrl } from '../../../shared/event-calendar.ts';
import type { Event } from '../../../shared/events.ts';
import { Button, ButtonAnchor } from '../../components/button.tsx';
import { webConfig } from '../../lib/config.ts';
import { copyText } from '../../lib/copy-text.ts';
import { useOrigin } from '../../lib/use-origin.ts';
import { siteQueries } from '../site/api.ts';

/** Google's link is an address: the words are cut well before browsers' and Google's limits on its length. */
const GOOGLE_DETAILS_CHARS = 1500;

function googleLink(event: Event, pageUrl: string, timeZone: string): string {
  const words = event.desc.length > GOOGLE_DETAILS_CHARS ? `${event.desc.slice(0, GOOGLE_DETAILS_CHARS - 1)}…` : event.desc;
  return googleCalendarUrl({
    title: event.title,
    date: event.date,
    end: event.end,
    timeZone,
    details: `${words}\n\n${pageUrl}`,
    location: event.location,
  });
}

/** 'Share': the phone's or browser's own share sheet where there is one, else the link on the clipboard. */
async function share(event: Event, url: string, copied: string) {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title: event.title, url });
      return;
    } catch (error) {
      // Closing the share sheet is a choice, not a failure.
      if (error instanceof DOMException && error.name === 'AbortError') return;
    }
  }
  await copyText(url, copied);
}

/**
 * 'Add to calendar' (the event's calendar file, and Google Calendar) and 'Share', on the event's
 * page. The Google link needs the site's time zone to turn the event's wall-clock times into
 * instants; until the site's settings arrive, only the file is offered. A past event offers no
 * calendar entry.
 */
export function EventActions({ event }: { event: Event }) {
  const { t } = useTranslation('events');
  const site = useQuery(siteQueries.site());
  const id = encodeURIComponent(event._id);
  const pageUrl = `${useOrigin()}/eventDetails/${id}`;
  return (
    <Group gap="sm">
      {!event.past && (
        <Group gap="sm" role="group" aria-label={t('actions.addToCalendar')}>
          <ButtonAnchor href={`${webConfig.apiBase}/events/${id}/calendar.ics`} download="event.ics" variant="default">
            {t('actions.addToCalendar')}
          </ButtonAnchor>
          {site.data && (
            <ButtonAnchor href={googleLink(event, pageUrl, site.data.timeZone)} target="_blank" rel="noopener noreferrer" variant="default">
              {t('actions.addToGoogle')}
              <VisuallyHidden>{t('actions.newTab')}</VisuallyHidden>
            </ButtonAnchor>
          )}
        </Group>
      )}
      <Button variant="default" onClick={() => void share(event, pageUrl, t('actions.copied'))}>
        {t('actions.share')}
      </Button>
    </Group>
  );
}
