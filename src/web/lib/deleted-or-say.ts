/**
 * The server answers `deletedCount: 0` for a record that had already gone (another admin, another
 * tab): that is not this delete succeeding, so it fails with the reason, which the toast shows.
 */
export function deletedOrSay(deletedCount: number, reason: string): number {
  if (deletedCount === 0) throw new Error(reason);
  return deletedCount;
}
