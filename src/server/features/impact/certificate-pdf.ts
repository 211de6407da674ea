import type { Impact } from '../../../shared/checkin.ts';
import { formatNumber, formatWallDate } from '../../../shared/format.ts';
import type { Language } from '../../../shared/language.ts';
import { a4Document, colours } from '../../pdf/a4-writer.ts';
import { wordsFor } from '../../words.ts';
import type { Charity } from '../donations/charity.ts';

/**
 * A certificate of volunteering (A4) in the reader's language: the charity, the person, their hours in
 * all and the events they came to with the hours of each, and the day it was issued (`issued`, the
 * site's date). Names and event titles are shown as written.
 */
export async function certificatePdf(impact: Impact, charity: Charity, issued: string, language: Language = 'en'): Promise<Uint8Array> {
  const t = wordsFor(language, 'documents');
  const hoursText = (hours: number) => t('certificate.hours', { count: hours, hours: formatNumber(hours, language) });
  const { write, detail, space, save } = await a4Document({
    title: t('certificate.title', { name: impact.name, charity: charity.name }),
    author: charity.name,
    created: new Date(),
  });

  write(charity.name, { bold: true, size: 16, gap: 4 });
  if (charity.address) write(charity.address, { size: 10, color: colours.grey });
  if (charity.registrationNumber) write(t('registeredNumber', { number: charity.registrationNumber }), { size: 10, color: colours.grey });
  write(charity.website, { size: 10, color: colours.grey, gap: 24 });

  write(t('certificate.heading'), { bold: true, size: 22, gap: 18 });
  write(
    t('certificate.thanks', {
      count: impact.events.length,
      events: formatNumber(impact.events.length, language),
      charity: charity.name,
      name: impact.name,
      hours: hoursText(impact.hours.total),
    }),
    { size: 12, gap: 16 },
  );
  detail(t('certificate.volunteer'), `${impact.name} (${impact.email})`);
  detail(t('certificate.hoursInAll'), hoursText(impact.hours.total));
  detail(t('certificate.issuedOn'), formatWallDate(issued, language));

  space(6);
  write(t('certificate.attended'), { bold: true, size: 14, gap: 8 });
  if (impact.events.length === 0) write(t('certificate.none'), { color: colours.grey });
  for (const attended of impact.events) {
    // A shift is named with its role: two shifts of one event are two lines, each with its hours.
    write(attended.shift ? `${attended.title}: ${attended.shift.role}` : attended.title, { bold: true, size: 11, gap: 2 });
    write(`${formatWallDate(attended.date, language)}: ${hoursText(attended.hours)}`, { size: 10, color: colours.grey, gap: 8 });
  }
  space(8);
  write(t('certificate.questions', { contact: charity.contact }), { size: 10, color: colours.grey });
  return save();
}
