/** Hours in quarter hours for reading: 1 → '1 hour', 2.5 → '2.5 hours', 0.25 → '0.25 hours'. */
export function formatHours(hours: number): string {
  const figure = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 2 }).format(hours);
  return `${figure} ${hours === 1 ? 'hour' : 'hours'}`;
}
