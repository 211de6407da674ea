/** Spec section 9: a registration card cuts the title to 15 characters. */
export function cutTitle(title: string): string {
  return title.slice(0, 15);
}

/** Spec section 9: the description cut to 150 characters, followed by '...'. */
export function cutDescription(desc: string): string {
  return `${desc.slice(0, 150).trimEnd()}...`;
}
