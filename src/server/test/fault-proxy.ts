import { once } from 'node:events';
import net from 'node:net';

export type ProxyMode = 'pass' | 'refuse' | 'stall';

export interface FaultProxy {
  /** The port the app connects to instead of the real service's. */
  port: number;
  /** `host:port` of the proxy, for rewriting a URL. */
  address: string;
  /**
   * - `pass`: every connection goes through to the service.
   * - `refuse`: open connections are reset and new ones are refused (reset at once), as when the service is down.
   * - `stall`: open connections stop moving bytes and new ones are accepted but never answered, as when the
   *   service (or the network to it) hangs.
   */
  set(mode: ProxyMode): void;
  /**
   * Stalls one open connection only, the one PostgreSQL sees coming from `clientPort` (pg_stat_activity's
   * `client_port`): it stops moving bytes, with no word to either side, as when a proxy or firewall drops it
   * silently. Every other connection, and every new one, goes on.
   */
  stallConnectionFrom(clientPort: number): boolean;
  readonly mode: ProxyMode;
  close(): Promise<void>;
}

/**
 * A TCP proxy a test controls, between the app and PostgreSQL or Redis: the real service behind it,
 * with faults injected at the network edge.
 */
export async function startFaultProxy(target: { host: string; port: number }): Promise<FaultProxy> {
  let mode: ProxyMode = 'pass';
  const pairs = new Set<{ client: net.Socket; upstream: net.Socket | undefined }>();

  const connect = (pair: { client: net.Socket; upstream: net.Socket | undefined }) => {
    const upstream = net.connect(target);
    pair.upstream = upstream;
    upstream.on('error', () => pair.client.destroy());
    pair.client.on('error', () => upstream.destroy());
    upstream.on('close', () => pair.client.destroy());
    pair.client.on('close', () => {
      upstream.destroy();
      pairs.delete(pair);
    });
    pair.client.pipe(upstream);
    upstream.pipe(pair.client);
  };

  const server = net.createServer((client) => {
    const pair = { client, upstream: undefined as net.Socket | undefined };
    client.on('error', () => {});
    if (mode === 'refuse') {
      client.resetAndDestroy();
      return;
    }
    pairs.add(pair);
    client.on('close', () => pairs.delete(pair));
    if (mode === 'stall') {
      // Accepted, never answered: bytes sent are kept, unread, until the test lets them through.
      client.pause();
      return;
    }
    connect(pair);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the fault proxy is not listening on a TCP port');

  return {
    port: address.port,
    address: `127.0.0.1:${address.port}`,
    get mode() {
      return mode;
    },
    set(next) {
      mode = next;
      for (const pair of pairs) {
        if (next === 'refuse') {
          pair.client.resetAndDestroy();
          pair.upstream?.destroy();
        } else if (next === 'stall') {
          pair.client.unpipe();
          pair.upstream?.unpipe();
          pair.client.pause();
          pair.upstream?.pause();
        } else if (pair.upstream) {
          pair.client.pipe(pair.upstream);
          pair.upstream.pipe(pair.client);
          pair.client.resume();
          pair.upstream.resume();
        } else {
          // Accepted while stalled: connect it now, and what it sent meanwhile goes through.
          connect(pair);
          pair.client.resume();
        }
      }
    },
    stallConnectionFrom(clientPort) {
      for (const pair of pairs) {
        if (pair.upstream?.localPort !== clientPort) continue;
        pair.client.unpipe();
        pair.upstream.unpipe();
        pair.client.pause();
        pair.upstream.pause();
        return true;
      }
      return false;
    },
    async close() {
      for (const pair of pairs) {
        pair.client.destroy();
        pair.upstream?.destroy();
      }
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The URL with its host and port replaced by the proxy's. */
export function throughProxy(url: string, proxy: FaultProxy): string {
  const parsed = new URL(url);
  parsed.hostname = '127.0.0.1';
  parsed.port = String(proxy.port);
  return parsed.toString();
}
