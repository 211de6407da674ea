import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface TestIdentityProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
}

/**
 * A real OpenID Connect provider on localhost, standing in for Google. Its built-in development
 * login page takes any login (used as the person's email, `email_verified` unless it starts with
 * `unverified-`) and any password.
 */
export async function startIdentityProvider(redirectUri: string): Promise<TestIdentityProvider> {
  const clientId = 'helping-hands-e2e';
  const clientSecret = 'e2e-client-secret-that-is-long-enough-0123456789';
  // The issuer must be known before the provider exists: take a port, then build the provider on it.
  const { createServer } = await import('node:http');
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const issuer = `http://localhost:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [{ client_id: clientId, client_secret: clientSecret, redirect_uris: [redirectUri], grant_types: ['authorization_code'] }],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    findAccount: async (_ctx, id) => ({
      accountId: id,
      // A login that starts with `unverified-` is an address the provider has not checked.
      claims: async () => ({ sub: id, email: id, email_verified: !id.startsWith('unverified-'), name: 'Olive Dune' }),
    }),
    ttl: { Interaction: 600, Session: 600, Grant: 600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
    cookies: { keys: ['e2e-cookie-key-one-0123456789abcdef'] },
  });
  server.on('request', provider.callback());
  return {
    issuer,
    clientId,
    clientSecret,
    close: async () => {
      server.closeAllConnections();
      server.close();
    },
  };
}
