/** The header every paged list answers with: how many rows match, before limit and offset. */
export const totalCountHeader = 'X-Total-Count';

/** GET /api/payment answers with the sum of the matching donations not refunded, in minor units of the site's currency (cents; yen for JPY), in this header. */
export const totalAmountHeader = 'X-Total-Amount';

/** …and with every currency's sum in this one: `usd=3000, eur=2000` (never one sum across currencies). */
export const totalAmountsHeader = 'X-Total-Amounts';

/** `usd=3000, eur=2000` read back, largest first as written. */
export function parseAmounts(header: string | null): { currency: string; cents: number }[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part) => part.trim().split('='))
    .filter((pair): pair is [string, string] => pair.length === 2 && /^[a-z]{3}$/.test(pair[0] ?? '') && /^\d+$/.test(pair[1] ?? ''))
    .map(([currency, cents]) => ({ currency, cents: Number(cents) }));
}

/** A full page of a list that pages by cursor answers with the cursor of the page after it in this header. */
export const nextCursorHeader = 'X-Next-Cursor';
