/**
 * HSTS: sent in production when the public address is https, and never otherwise. The headers every
 * answer carries: the same behind Node as in-process (lib/response-headers.ts).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { describe, expect, it } from 'vitest';
import { createApp } from './app.ts';
import { loadConfig } from './config.ts';
import { createLogger } from './lib/logger.ts';
import { createTestApp } from './test/harness.ts';

describe('Strict-Transport-Security', () => {
  it('is one year with subdomains in production on https, absent on http and outside production', async () => {
    const t = await createTestApp();
    try {
      const production = (publicUrl: string) =>
        loadConfig({
          NODE_ENV: 'production',
          PUBLIC_URL: publicUrl,
          ALLOW_OUTBOX_IN_PRODUCTION: 'true',
          ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION: 'true',
          LOG_LEVEL: 'silent',
        });
      const hstsOf = async (config: ReturnType<typeof loadConfig>) => {
        const app = createApp({ db: t.db, config, logger: createLogger('silent'), hasher: t.hasher });
        return (await app.request('/api/health')).headers.get('strict-transport-security');
      };
      expect(await hstsOf(production('https://broker.example'))).toBe('max-age=31536000; includeSubDomains');
      expect(await hstsOf(production('http://broker.example'))).toBeNull();
      expect(await hstsOf({ ...t.config, publicUrl: 'https://broker.example' })).toBeNull();
    } finally {
      await t.close();
    }
  });
});

describe('the headers every answer carries', () => {
  it('are the same over a real socket (set on Node’s response) as in-process (set through Hono)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'headers-widget-'));
    mkdirSync(join(dir, 'frame'), { recursive: true });
    writeFileSync(join(dir, 'widget.js'), 'void 0;');
    writeFileSync(join(dir, 'frame', 'registrar-message.html'), '<!doctype html><title>m</title>');
    const t = await createTestApp({ deps: { widgetDir: dir } });
    const server = await new Promise<{ url: string; close(): void }>((resolve) => {
      const s = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) =>
        resolve({ url: `http://127.0.0.1:${info.port}`, close: () => s.close() }),
      );
    });
    try {
      const token = await t.register('headers@example.com');
      const named = [
        'x-request-id',
        'content-security-policy',
        'x-frame-options',
        'cross-origin-opener-policy',
      ];
      const more = ['x-content-type-options', 'referrer-policy', 'cache-control', 'content-type'];
      const headersOf = (h: Headers) => Object.fromEntries([...named, ...more].map((n) => [n, h.get(n)]));
      const cases: [string, RequestInit?][] = [
        ['/api/health'],
        ['/api/myProfile', { headers: { authorization: `Bearer ${token}`, 'x-request-id': 'req-1' } }],
        ['/api/myProfile'], // 401 from the error handler
        ['/api/no-such-route'], // 404
        ['/api/config'], // sets its own Cache-Control
        ['/registrar-message?registrarId=demo-registrar'], // its own CSP, no framing ban
        ['/widget.js'],
      ];
      for (const [path, init] of cases) {
        const viaSocket = await fetch(`${server.url}${path}`, {
          ...init,
          headers: { 'x-request-id': 'same', ...init?.headers },
        });
        const inProcess = await t.app.request(path, {
          ...init,
          headers: { 'x-request-id': 'same', ...init?.headers },
        });
        expect({ path, status: viaSocket.status, ...headersOf(viaSocket.headers) }).toEqual({
          path,
          status: inProcess.status,
          ...headersOf(inProcess.headers),
        });
      }
      const frame = await fetch(`${server.url}/registrar-message?registrarId=demo-registrar`);
      expect(frame.headers.get('x-frame-options')).toBeNull();
      expect(frame.headers.get('cross-origin-opener-policy')).toBeNull();
      expect(frame.headers.get('content-security-policy')).toContain('frame-ancestors http://localhost:4000');
      const api = await fetch(`${server.url}/api/health`);
      expect(api.headers.get('x-frame-options')).toBe('DENY');
      expect(api.headers.get('cache-control')).toBe('no-store');
      expect(api.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      server.close();
      await t.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
