/**
 * The contract check by a third party: every request of src/test/every-operation.ts goes over HTTP
 * through Prism's validating proxy (@stoplight/prism-cli, `prism proxy`) to the real server, and Prism
 * judges each answer against the generated OpenAPI document. The test fails on any answer Prism finds
 * the document does not describe, and on any request the server accepted (2xx) that Prism finds the
 * document refuses (the document stricter than the server).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ServerType, serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Call, EVERY_OPERATION_ENV, everyOperationAreas } from './test/every-operation.ts';
import { createTestApp, type TestApp } from './test/harness.ts';
import { createResponseValidator, operationsOf, type ResponseValidator } from './test/openapi-validator.ts';

type Json = Record<string, unknown>;
interface Violation {
  location: string[];
  severity: string;
  code?: string | number;
  message: string;
}

const prismBin = fileURLToPath(new URL('../node_modules/.bin/prism', import.meta.url));

/** A port nothing listens on now (for Prism, which takes a port number). */
const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });

let t: TestApp;
let server: ServerType;
let prism: ChildProcess;
let prismLog = '';
let proxy: string;
let dir: string;
let doc: Json;
let operations: ResponseValidator;

beforeAll(async () => {
  t = await createTestApp({ env: EVERY_OPERATION_ENV });
  const upstream = await new Promise<string>((resolve) => {
    server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) =>
      resolve(`http://127.0.0.1:${info.port}/api`),
    );
  });
  doc = (await (await fetch(`${upstream}/openapi.json`)).json()) as Json;
  operations = createResponseValidator(doc);
  dir = mkdtempSync(join(tmpdir(), 'contract-'));
  const file = join(dir, 'openapi.json');
  writeFileSync(file, JSON.stringify(doc));
  const port = await freePort();
  proxy = `http://127.0.0.1:${port}`;
  prism = spawn(
    prismBin,
    ['proxy', file, upstream, '--host', '127.0.0.1', '--port', String(port), '--errors', 'false'],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  prism.stdout?.on('data', (d) => {
    prismLog += String(d);
  });
  prism.stderr?.on('data', (d) => {
    prismLog += String(d);
  });
  // Prism says when it listens; give up after 60 s.
  const started = Date.now();
  while (!/Prism is listening/.test(prismLog)) {
    if (prism.exitCode !== null || Date.now() - started > 60_000)
      throw new Error(`prism did not start:\n${prismLog.slice(-2000)}`);
    await new Promise((r) => prism.stdout?.once('data', r).once('close', r));
  }
}, 120_000);

afterAll(async () => {
  prism?.kill();
  await new Promise<void>((r) => (server ? server.close(() => r()) : r()));
  await t?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('Prism, a third-party validating proxy, finds the server and its document in agreement', () => {
  // The rows of src/test/every-operation.ts, each request sent through the proxy.
  let problems: string[] = [];
  const reached = new Set<string>();
  const call: Call = async (method, path, body, headers = {}) => {
    const isForm = body instanceof FormData;
    const res = await fetch(`${proxy}${path}`, {
      method,
      headers: isForm ? headers : { 'content-type': 'application/json', ...headers },
      ...(body === undefined ? {} : { body: isForm ? body : JSON.stringify(body) }),
      redirect: 'manual',
    });
    const raw = await res.arrayBuffer();
    const text = (res.headers.get('content-type') ?? '').includes('json')
      ? new TextDecoder().decode(raw)
      : '';
    const where = `${method} ${path} → ${res.status}`;
    for (const x of JSON.parse(res.headers.get('sl-violations') ?? '[]') as Violation[]) {
      const [side, ...at] = x.location;
      if (x.severity !== 'Error') continue;
      if (side === 'response' || (side === 'request' && res.status < 300))
        problems.push(`${where}: ${side} ${at.join('.')} ${x.message}`);
    }
    const op = operations.find(method, path);
    if (op) reached.add(op.operationId);
    let json: Json | undefined;
    try {
      json = text ? (JSON.parse(text) as Json) : undefined;
    } catch {
      json = undefined;
    }
    return { status: res.status, json, text };
  };

  it.each(everyOperationAreas(() => t, call))('%s', async (_area, run) => {
    problems = [];
    await run();
    expect(problems).toEqual([]);
  });

  it('reached every documented operation through the proxy', () => {
    expect(
      operationsOf(doc)
        .map((o) => o.operationId)
        .filter((id) => !reached.has(id)),
    ).toEqual([]);
  });
});
