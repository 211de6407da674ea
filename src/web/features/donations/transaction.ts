/**
 * The part of a payment's transaction ID the donations table shows: characters 3 to 27 (spec
 * section 9), counted from 1, so `slice(2, 27)`. The whole ID stays available to copy.
 */
export function shortTransaction(transaction: string): string {
  return transaction.slice(2, 27);
}
