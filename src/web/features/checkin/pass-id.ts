/**
 * The registration a pass names, read without checking its signature (only the server can): the pass
 * is `hh1.<registration id, 16 bytes, base64url>.<signature>` (decision 027). The door page uses it to
 * say who was scanned while offline and to tell a pass for another event before sending it; the server
 * still decides whether the pass is genuine. Null when the text is not shaped like a pass.
 */
export function registrationIdOfPass(token: string): string | null {
  const match = /^hh1\.([\w-]{22})\.[\w-]{22}$/.exec(token);
  if (!match?.[1]) return null;
  let binary: string;
  try {
    binary = atob(match[1].replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    return null;
  }
  if (binary.length !== 16) return null;
  const hex = Array.from(binary, (ch) => ch.charCodeAt(0).toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
