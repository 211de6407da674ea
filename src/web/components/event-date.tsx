import { Text, type TextProps } from '@mantine/core';
import { formatEventDate } from '../../shared/event-date.ts';

/** The event's date in words, with the machine-readable value for assistive tech and calendars. */
export function EventDate({ date, ...props }: { date: string } & TextProps) {
  return (
    <Text component="time" dateTime={date} {...props}>
      {formatEventDate(date)}
    </Text>
  );
}
