import type { Impact } from '../../../shared/checkin.ts';
import { formatEventDate } from '../../../shared/event-date.ts';
import { a4Document, colours } from '../../pdf/a4-writer.ts';
import type { Charity } from '../donations/charity.ts';

const hoursText = (hours: number) => `${hours} ${hours === 1 ? 'hour' : 'hours'}`;

/**
 * A certificate of volunteering (A4): the charity, the person, their hours in all and the events they
 * came to with the hours of each, and the day it was issued (`issued`, the site's date).
 */
export async function certificatePdf(impact: Impact, charity: Charity, issued: string): Promise<Uint8Array> {
  const { write, detail, space, save } = await a4Document({
    title: `Certificate of volunteering: ${impact.name}, ${charity.name}`,
    author: charity.name,
    created: new Date(),
  });

  write(charity.name, { bold: true, size: 16, gap: 4 });
  if (charity.address) write(charity.address, { size: 10, color: colours.grey });
  if (charity.registrationNumber) write(`Registered charity number ${charity.registrationNumber}`, { size: 10, color: colours.grey });
  write(charity.website, { size: 10, color: colours.grey, gap: 24 });

  write('Certificate of volunteering', { bold: true, size: 22, gap: 18 });
  write(
    `${charity.name} thanks ${impact.name} for volunteering ${hoursText(impact.hours.total)} at ${impact.events.length} ${
      impact.events.length === 1 ? 'event' : 'events'
    }.`,
    { size: 12, gap: 16 },
  );
  detail('Volunteer', `${impact.name} (${impact.email})`);
  detail('Hours in all', hoursText(impact.hours.total));
  detail('Issued on', formatEventDate(issued));

  space(6);
  write('Events attended', { bold: true, size: 14, gap: 8 });
  if (impact.events.length === 0) write('No events attended yet.', { color: colours.grey });
  for (const attended of impact.events) {
    write(attended.title, { bold: true, size: 11, gap: 2 });
    write(`${formatEventDate(attended.date)}: ${hoursText(attended.hours)}`, { size: 10, color: colours.grey, gap: 8 });
  }
  space(8);
  write(`Questions about this certificate: ${charity.contact}`, { size: 10, color: colours.grey });
  return save();
}
