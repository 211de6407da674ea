import { formatInstantIn } from '../../lib/format-time.ts';

/**
 * The day a donation was paid or refunded, as the reader's local day: '21 November 2026' in English
 * (as formatInstantDay writes it), '২১ নভেম্বর, ২০২৬' in Bengali.
 */
export const donationDay = (value: string, language = 'en'): string => formatInstantIn(value, language, 'day');
