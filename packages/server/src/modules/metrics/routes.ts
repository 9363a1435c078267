/**
 * `GET /metrics`: the Prometheus scrape (lib/metrics.ts). Never public: with METRICS_TOKEN set, the
 * scraper sends it as a bearer token; without it, only a client on this machine, straight to the socket
 * (no forwarding header), may scrape. Outside /api, so it answers plain text, not the API's JSON, and
 * is not in the OpenAPI document. The registry itself is lib/metrics.ts.
 */
import { timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import type { AppEnv } from '#server/deps.ts';
import { isLoopbackClient } from '#server/lib/client-ip.ts';

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export async function metricsHandler(c: Context<AppEnv>): Promise<Response> {
  const { config, metrics } = c.get('services');
  c.header('Cache-Control', 'no-store');
  if (config.metricsToken) {
    const header = c.req.header('authorization') ?? '';
    const token = /^Bearer (.+)$/i.exec(header)?.[1]?.trim();
    if (!token || !sameToken(token, config.metricsToken)) {
      c.header('WWW-Authenticate', 'Bearer realm="metrics"');
      return c.text('The metrics need the bearer token set in METRICS_TOKEN.\n', 401);
    }
  } else if (!isLoopbackClient(c)) {
    return c.text(
      'The metrics are served to this machine only; set METRICS_TOKEN to scrape from elsewhere.\n',
      403,
    );
  }
  const body = await metrics.text();
  return c.body(body, 200, { 'Content-Type': metrics.registry.contentType });
}
