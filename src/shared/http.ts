/** The header every paged list answers with: how many rows match, before limit and offset. */
export const totalCountHeader = 'X-Total-Count';
