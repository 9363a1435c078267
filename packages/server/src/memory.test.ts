/**
 * Bounded memory for what a stranger can send: a chunked body far over the limit is refused with 413
 * as soon as the limit is passed (not read whole first), and made-up asset names never grow the
 * widget's file cache. RSS before and after is printed for the record (docs/operations.md).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyLimits } from './lib/body-limit.ts';
import { widgetRoutes } from './modules/widget/routes.ts';
import { createTestApp, type TestApp } from './test/harness.ts';

const MB = 1024 * 1024;
const rssMb = () => Math.round(process.memoryUsage().rss / MB);

let t: TestApp;
let server: ReturnType<typeof serve>;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((r) => server.once('listening', () => r()));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.close();
  await t.close();
});

/** Streams `total` bytes of chunked body until the server answers; returns the answer and bytes sent. */
function streamBody(path: string, total: number) {
  return new Promise<{ status: number; body: string; sent: number }>((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const chunk = Buffer.alloc(256 * 1024, 'a');
    const req = http.request({
      host: '127.0.0.1',
      port,
      path,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
    });
    req.on('response', (res) => {
      answered = true;
      let body = '';
      res.on('data', (d) => {
        body += d;
      });
      res.on('end', () => {
        req.destroy();
        resolve({ status: res.statusCode ?? 0, body, sent });
      });
    });
    req.on('error', (err) => {
      if (!answered) reject(err);
    });
    const pump = () => {
      while (!answered && sent < total) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
      if (!answered) req.end();
    };
    pump();
  });
}

describe('request body limit', () => {
  it('answers 413 to a 300 MB chunked body once 64 KB have arrived, without reading the rest', async () => {
    const before = rssMb();
    const r = await streamBody('/api/signup', 300 * MB);
    const after = rssMb();
    expect(r.status).toBe(413);
    expect(JSON.parse(r.body)).toMatchObject({ code: 'INPUT_TOO_LONG' });
    // The answer came long before the body was sent (socket buffers hold a few MB at most).
    expect(r.sent).toBeLessThan(64 * MB);
    console.info(
      `300 MB chunked body: 413 after ${Math.round(r.sent / MB)} MB sent; RSS ${before} → ${after} MB`,
    );
  });

  it('refuses a declared Content-Length over the limit, and accepts a body at the limit', async () => {
    const big = await t.call(
      'POST',
      '/signup',
      JSON.stringify({ email: 'x@example.com', pad: 'a'.repeat(70_000) }),
    );
    expect(big.status).toBe(413);
    expect(big.body.code).toBe('INPUT_TOO_LONG');
    const ok = await t.call('POST', '/signup', { email: 'limit@example.com', password: 'Str0ng@Pass' });
    expect(ok.status).toBe(207);
  });

  it('lets a route have a larger limit and hands the raw body on byte for byte', async () => {
    const app = new Hono();
    app.use(bodyLimits({ 'POST /files': 2 * MB }));
    app.post('/files', async (c) => c.text(String((await c.req.arrayBuffer()).byteLength)));
    app.post('/webhook', async (c) => c.text(await c.req.text()));
    expect(await (await app.request('/files', { method: 'POST', body: 'a'.repeat(MB) })).text()).toBe(
      String(MB),
    );
    expect((await app.request('/files', { method: 'POST', body: 'a'.repeat(2 * MB + 1) })).status).toBe(413);
    expect((await app.request('/webhook', { method: 'POST', body: 'a'.repeat(70_000) })).status).toBe(413);
    const raw = '{"id": "evt_1",\n  "amount":  19.95 }';
    expect(await (await app.request('/webhook', { method: 'POST', body: raw })).text()).toBe(raw);
  });
});

describe('widget asset cache', () => {
  let dist: string;
  beforeAll(() => {
    dist = mkdtempSync(join(tmpdir(), 'widget-cache-'));
    mkdirSync(join(dist, 'frame', 'assets'), { recursive: true });
    writeFileSync(join(dist, 'frame', 'assets', 'frame-abc.js'), 'console.log(1)');
  });
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  it('keeps only real files: 5,000 made-up names leave it holding the one file', async () => {
    const cache = new Map<string, Buffer>();
    const app = widgetRoutes(dist, cache);
    expect((await app.request('/widget-frame/assets/frame-abc.js')).status).toBe(200);
    const before = rssMb();
    const long = 'x'.repeat(1000);
    for (let i = 0; i < 5_000; i++) {
      const r = await app.request(`/widget-frame/assets/${long}-${i}.js`);
      expect(r.status).toBe(404);
    }
    const after = rssMb();
    expect([...cache.keys()]).toEqual([join(dist, 'frame', 'assets', 'frame-abc.js')]);
    expect((await app.request('/widget-frame/assets/frame-abc.js')).status).toBe(200);
    console.info(
      `5,000 unknown widget assets: cache holds ${cache.size} file(s); RSS ${before} → ${after} MB`,
    );
  });
});
