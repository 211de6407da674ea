import { Text, type TextProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatWallDate } from '../../shared/format.ts';

/** The event's date in words, in the reader's language, with the machine-readable value for assistive tech and calendars. */
export function EventDate({ date, ...props }: { date: string } & TextProps) {
  const { i18n } = useTranslation();
  return (
    <Text component="time" dateTime={date} {...props}>
      {formatWallDate(date, i18n.language)}
    </Text>
  );
}
