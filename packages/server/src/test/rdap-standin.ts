/**
 * A local stand-in for RDAP on 127.0.0.1: IANA's bootstrap file at /dns.json (its TLDs pointing at
 * this server's /rdap/) and domain answers at /rdap/domain/{name}: 200 for the names in `registered`,
 * a held request (never answered until close) for `slow`, 503 for `failing`, 404 for the rest.
 * Counts what it is asked, so tests can see a cache hit.
 */
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RdapStandIn {
  /** e.g. http://127.0.0.1:1234 */
  url: string;
  bootstrapUrl: string;
  registered: Set<string>;
  slow: Set<string>;
  failing: Set<string>;
  /** Paths asked, in order. */
  requests: string[];
  close(): Promise<void>;
}

export async function startRdapStandIn(
  opts: { tlds?: string[]; registered?: string[] } = {},
): Promise<RdapStandIn> {
  const tlds = opts.tlds ?? ['com', 'net', 'org'];
  const held: ServerResponse[] = [];
  const state = {
    registered: new Set(opts.registered ?? []),
    slow: new Set<string>(),
    failing: new Set<string>(),
    requests: [] as string[],
  };
  let base = '';
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    state.requests.push(path);
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/rdap+json' });
      res.end(JSON.stringify(body));
    };
    if (path === '/dns.json') {
      return json(200, {
        version: '1.0',
        publication: '2026-01-01T00:00:00Z',
        services: [[tlds, [`${base}/rdap/`]]],
      });
    }
    const m = /^\/rdap\/domain\/([^/]+)$/.exec(path);
    if (!m) return json(404, { errorCode: 404, title: 'Not found' });
    const name = decodeURIComponent(m[1] ?? '').toLowerCase();
    if (state.slow.has(name)) {
      held.push(res);
      return;
    }
    if (state.failing.has(name)) return json(503, { errorCode: 503, title: 'Unavailable' });
    if (state.registered.has(name))
      return json(200, { objectClassName: 'domain', ldhName: name.toUpperCase(), status: ['active'] });
    return json(404, { errorCode: 404, title: 'Not Found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    bootstrapUrl: `${base}/dns.json`,
    ...state,
    close: async () => {
      for (const res of held) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
