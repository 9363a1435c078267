/**
 * GET /metrics over real HTTP: who may scrape, and the counts after known traffic (requests by route
 * template, refused sign-ins, rate limits, payments, the mail queue, job runs).
 */
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productJobs, queueDepths } from '#server/jobs/registry.ts';
import { createJobRunner } from '#server/jobs/runner.ts';
import { makeUser } from '#server/test/accounts.ts';
import { createTestApp, type TestApp } from '#server/test/harness.ts';
import { createLogger } from './logger.ts';
import { createMetrics, type Metrics } from './metrics.ts';

interface Served {
  t: TestApp;
  metrics: Metrics;
  url: string;
  close(): void;
}

async function served(env: Record<string, string> = {}): Promise<Served> {
  const metrics = createMetrics();
  const t = await createTestApp({ env, deps: { metrics } });
  return new Promise((resolve) => {
    const s = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) =>
      resolve({ t, metrics, url: `http://127.0.0.1:${info.port}`, close: () => s.close() }),
    );
  });
}

/** The value of one series in a scrape (`name{labels} value`), or undefined when absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics without METRICS_TOKEN', () => {
  let s: Served;
  beforeAll(async () => {
    s = await served({ RATE_LIMIT_SIGNIN_PER_ACCOUNT: '2' });
  });
  afterAll(async () => {
    s.close();
    await s.t.close();
  });

  it('answers this machine only, never through a forwarding proxy', async () => {
    const direct = await fetch(`${s.url}/metrics`);
    expect(direct.status).toBe(200);
    expect(direct.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(direct.headers.get('cache-control')).toBe('no-store');
    const proxied = await fetch(`${s.url}/metrics`, { headers: { 'X-Forwarded-For': '203.0.113.9' } });
    expect(proxied.status).toBe(403);
    expect(await proxied.text()).toBe(
      'The metrics are served to this machine only; set METRICS_TOKEN to scrape from elsewhere.\n',
    );
  });

  it('counts requests by route template, refused sign-ins, limits, payments, the mail queue and job runs', async () => {
    const { t, metrics, url } = s;
    for (let i = 0; i < 3; i++) expect((await fetch(`${url}/api/health`)).status).toBe(200);
    for (const path of ['/api/no-such-thing', '/api/no/such/other'])
      expect((await fetch(`${url}${path}`)).status).toBe(404);
    const buyer = await makeUser(t, { role: 'Buyer' });
    // one lead, read through its id: one series for the template, whatever the id
    const lead = await fetch(`${url}/api/leads`, {
      method: 'POST',
      headers: { ...buyer.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ domainName: 'metrics-example.com', offerAmount: '1500' }),
    });
    const leadUID = ((await lead.json()) as { data: { UID: string } }).data.UID;
    const pay = (paymentID: string) =>
      fetch(`${url}/api/payments`, {
        method: 'POST',
        headers: { ...buyer.headers, 'content-type': 'application/json' },
        body: JSON.stringify({ paymentID, amountPaid: 19.95, leadUID }),
      });
    expect((await pay('pm_card_chargeDeclined')).status).toBe(402);
    expect((await pay('pm_card_visa')).status).toBe(200);
    // two wrong passwords are refused sign-ins; the third attempt on the account meets the limit
    const login = () =>
      fetch(`${url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: buyer.email, password: 'Wrong@Pass1' }),
      });
    const statuses = [(await login()).status, (await login()).status, (await login()).status];
    expect(statuses).toEqual([400, 400, 429]);

    // the jobs of a process, as main.ts wires them: the queue's depth and the runs
    const jobs = productJobs({
      db: t.db,
      config: t.config,
      logger: createLogger('silent'),
      holder: 'test',
      nudge: () => {},
    });
    metrics.setSources({ queues: () => queueDepths(t.db, jobs.jobs), now: t.clock.now });
    const runner = createJobRunner({
      db: t.db,
      logger: createLogger('silent'),
      jobs: jobs.jobs,
      observe: (r) => metrics.jobRun(r.job, r.outcome, r.durationMs / 1000),
    });
    const before = await (await fetch(`${url}/metrics`)).text();
    expect(sample(before, 'queue_depth{queue="mail-outbox"}')).toBeGreaterThan(0);
    expect(sample(before, 'queue_depth{queue="webhook-deliveries"}')).toBe(0);
    await runner.runNow('mail-outbox');
    await runner.stop();
    jobs.close();

    const text = await (await fetch(`${url}/metrics`)).text();
    expect(sample(text, 'http_requests_total{method="GET",route="/api/health",status="200"}')).toBe(3);
    expect(
      sample(text, 'http_request_duration_seconds_count{method="GET",route="/api/health",status="200"}'),
    ).toBe(3);
    expect(sample(text, 'http_requests_total{method="GET",route="unmatched",status="404"}')).toBe(2);
    expect(text).not.toContain('no-such-thing');
    expect(sample(text, 'http_requests_total{method="POST",route="/api/login",status="400"}')).toBe(2);
    expect(sample(text, 'sign_in_failures_total{route="/api/login"}')).toBe(2);
    expect(sample(text, 'rate_limit_refusals_total{code="RATE_LIMITED"}')).toBe(1);
    expect(sample(text, 'payments_total{outcome="failed"}')).toBe(1);
    expect(sample(text, 'payments_total{outcome="paid"}')).toBe(1);
    expect(sample(text, 'queue_depth{queue="mail-outbox"}')).toBe(0);
    expect(sample(text, 'queue_oldest_age_seconds{queue="mail-outbox"}')).toBe(0);
    expect(sample(text, 'job_runs_total{job="mail-outbox",outcome="ok"}')).toBe(1);
    // the request that scraped before is counted too, under its own route
    expect(
      sample(text, 'http_requests_total{method="GET",route="/metrics",status="200"}'),
    ).toBeGreaterThanOrEqual(2);
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  let s: Served;
  const token = 'scrape-token-0123456789';
  beforeAll(async () => {
    s = await served({ METRICS_TOKEN: token });
  });
  afterAll(async () => {
    s.close();
    await s.t.close();
  });

  it('asks for the bearer token, even from this machine', async () => {
    const attempts: Record<string, string>[] = [
      {},
      { authorization: 'Bearer wrong-token-0123456789' },
      { authorization: token },
    ];
    for (const headers of attempts) {
      const r = await fetch(`${s.url}/metrics`, { headers });
      expect(r.status).toBe(401);
      expect(r.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
      expect(await r.text()).toBe('The metrics need the bearer token set in METRICS_TOKEN.\n');
    }
    const ok = await fetch(`${s.url}/metrics`, {
      headers: { authorization: `Bearer ${token}`, 'X-Forwarded-For': '203.0.113.9' },
    });
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain('# TYPE http_requests_total counter');
  });

  it('refuses a token shorter than 16 characters at start', async () => {
    await expect(createTestApp({ env: { METRICS_TOKEN: 'short' } })).rejects.toThrow(
      'METRICS_TOKEN must be at least 16 characters',
    );
  });
});

describe('the dashboard and the alerts', () => {
  it('read only series the server exports', async () => {
    const { readFileSync } = await import('node:fs');
    const root = new URL('../../../../', import.meta.url);
    const texts = [
      readFileSync(new URL('docs/grafana-dashboard.json', root), 'utf8'),
      readFileSync(new URL('docs/operations.md', root), 'utf8').split('## Metrics')[1]!.split('\n## ')[0]!,
    ];
    const exported = new Set((await createMetrics().registry.getMetricsAsJSON()).map((m) => m.name));
    const named = new Set(
      texts.flatMap((t) =>
        [...t.matchAll(/\b(?:http|db|queue|job|payments|refunds|sign_in|rate_limit)_[a-z_]+/g)].map((m) =>
          m[0].replace(/_(bucket|count|sum)$/, ''),
        ),
      ),
    );
    expect(named.size).toBeGreaterThan(10);
    named.delete('job_name'); // Prometheus' own setting, in the scrape example
    expect([...named].filter((n) => !exported.has(n))).toEqual([]);
  });
});
