/** Fills a message's `{name}` places: `fillMessage('{title} Added Successfully', { title: 'Run' })`. */
export function fillMessage(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (place, name: string) => values[name] ?? place);
}
