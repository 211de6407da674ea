import type { FastifyReply } from 'fastify';

/** The sign-in library's cookies that name a session (its session, its cached copy, "remember me"). */
const SESSION_COOKIES = ['session_token', 'session_data', 'dont_remember'];

/**
 * Tells the browser to forget the session, as the library's own sign-out does: for when the server
 * ended the session itself (the account deleted itself). Over https the library's cookies carry the
 * `__Secure-` prefix and the Secure attribute.
 */
export function clearSessionCookies(reply: FastifyReply, publicUrl: string) {
  const secure = publicUrl.startsWith('https://');
  const cookies = SESSION_COOKIES.map(
    (name) => `${secure ? '__Secure-' : ''}better-auth.${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`,
  );
  reply.header('set-cookie', cookies);
}
