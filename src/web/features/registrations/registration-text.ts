/** Spec section 9: the description cut to 150 characters, followed by '...'. */
export function cutDescription(desc: string): string {
  return `${desc.slice(0, 150).trimEnd()}...`;
}
