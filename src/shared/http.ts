/** The header every paged list answers with: how many rows match, before limit and offset. */
export const totalCountHeader = 'X-Total-Count';

/** GET /api/payment answers with the sum of the matching donations, in cents, in this header. */
export const totalAmountHeader = 'X-Total-Amount';

/** A full page of a list that pages by cursor answers with the cursor of the page after it in this header. */
export const nextCursorHeader = 'X-Next-Cursor';
