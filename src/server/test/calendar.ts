/**
 * Reads an iCalendar file as a mail program would: unfolds its lines (RFC 5545 section 3.1) and
 * gives each property of its VEVENT by name, with its parameters as written (`DTSTART;VALUE=DATE`).
 */
export function readCalendar(file: string): { lines: string[]; event: Record<string, string> } {
  if (!file.endsWith('\r\n')) throw new Error('an iCalendar file ends its last line with CRLF');
  const lines = file
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .slice(0, -1);
  const begin = lines.indexOf('BEGIN:VEVENT');
  const end = lines.indexOf('END:VEVENT');
  if (begin < 0 || end < begin) throw new Error('no VEVENT');
  const event: Record<string, string> = {};
  for (const line of lines.slice(begin + 1, end)) {
    const colon = line.indexOf(':');
    event[line.slice(0, colon)] = line.slice(colon + 1);
  }
  return { lines, event };
}
