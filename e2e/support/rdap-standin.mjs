// A local stand-in for RDAP on 127.0.0.1, so the widget's availability check never reaches the network:
// IANA's bootstrap file at /dns.json (com, net, org pointing at this server's /rdap/) and domain answers
// at /rdap/domain/{name}: 200 for the names in REGISTERED_DOMAINS, 404 for every other name.
// The e2e server gets RDAP_BOOTSTRAP_URL pointing here (global-setup.ts).
import { createServer } from 'node:http';

/** The names the stand-in registry holds: what the specs search when they expect the broker offer. */
export const REGISTERED_DOMAINS = ['bestcoffee.com', 'dreamhome.com', 'taken-e2e.com'];

/** @returns {Promise<{ url: string, bootstrapUrl: string, requests: string[], stop(): Promise<void> }>} */
export async function startRdapStandIn({ registered = REGISTERED_DOMAINS } = {}) {
  const known = new Set(registered);
  const requests = [];
  let base = '';
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    requests.push(path);
    const json = (status, body) => {
      res.writeHead(status, { 'content-type': 'application/rdap+json' });
      res.end(JSON.stringify(body));
    };
    if (path === '/dns.json')
      return json(200, { version: '1.0', services: [[['com', 'net', 'org'], [`${base}/rdap/`]]] });
    const m = /^\/rdap\/domain\/([^/]+)$/.exec(path);
    const name = m ? decodeURIComponent(m[1]).toLowerCase() : '';
    if (known.has(name)) return json(200, { objectClassName: 'domain', ldhName: name.toUpperCase() });
    return json(404, { errorCode: 404, title: 'Not Found' });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${server.address().port}`;
  return {
    url: base,
    bootstrapUrl: `${base}/dns.json`,
    requests,
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
