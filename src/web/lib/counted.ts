/** '1 registration', '3 registrations': a heading that counts reads as a sentence. */
export function counted(total: number, noun: string): string {
  return `${total} ${total === 1 ? noun : `${noun}s`}`;
}
