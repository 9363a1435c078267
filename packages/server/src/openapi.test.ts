/**
 * The OpenAPI document (generated from the routes, lib/openapi.ts) describes exactly what the server
 * does: every mounted /api route is in it, it lints clean with Redocly's recommended rules, and every
 * documented operation, driven with good and bad requests, answers only what the document describes.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { DEVICE_ID_PATTERN } from '@domain-broker/shared/constants';
import { ERRORS } from '@domain-broker/shared/errors';
import { NO_TRANSACTION_DATA_MESSAGE } from '@domain-broker/shared/schemas/registrar-ledger';
import { SUCCESS } from '@domain-broker/shared/success';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiPath } from './lib/openapi.ts';
import { EVERY_OPERATION_ENV, everyOperationAreas } from './test/every-operation.ts';
import { createTestApp, type TestApp } from './test/harness.ts';
import { createResponseValidator, operationsOf, type ResponseValidator } from './test/openapi-validator.ts';

type Json = Record<string, unknown>;
// biome-ignore lint/suspicious/noExplicitAny: the document is read as loose JSON
let doc: any;
let t: TestApp;
let validator: ResponseValidator;
beforeAll(async () => {
  t = await createTestApp({ env: EVERY_OPERATION_ENV });
  doc = (await t.call('GET', '/openapi.json')).body;
  validator = createResponseValidator(doc);
});
afterAll(() => t.close());

describe('the OpenAPI document covers every route', () => {
  it('lists every mounted /api route, each with an operationId, its security and its 4xx answers', () => {
    const mounted = new Set(
      t.app.routes
        .filter((r) => r.method !== 'ALL' && r.path.startsWith('/api/'))
        .map((r) => `${r.method.toLowerCase()} ${openApiPath(r.path.slice('/api'.length))}`),
    );
    const documented = new Set(operationsOf(doc).map((o) => `${o.method} ${o.path}`));
    expect([...mounted].filter((r) => !documented.has(r))).toEqual([]);
    expect([...documented].filter((r) => !mounted.has(r))).toEqual([]);
    const ids = new Set<string>();
    for (const o of operationsOf(doc)) {
      expect(o.op.operationId, `${o.method} ${o.path}`).toBeTruthy();
      expect(ids.has(o.operationId), `duplicate ${o.operationId}`).toBe(false);
      ids.add(o.operationId);
      expect(Array.isArray(o.op.security), `${o.operationId} states its security`).toBe(true);
      const statuses = Object.keys(o.op.responses as Json);
      // The health check takes no input: nothing it answers is the client's fault.
      if (o.operationId !== 'health')
        expect(
          statuses.some((s) => s.startsWith('4')),
          `${o.operationId} lists its 4xx answers`,
        ).toBe(true);
    }
  });

  it('describes `code` with every success message: required, and one of the catalogue’s codes', () => {
    let withMessage = 0;
    for (const o of operationsOf(doc))
      for (const [status, r] of Object.entries(o.op.responses as Record<string, Json>)) {
        if (!status.startsWith('2')) continue;
        // biome-ignore lint/suspicious/noExplicitAny: loose JSON
        const schema = (r.content as any)?.['application/json']?.schema;
        if (schema?.properties?.message?.type !== 'string') continue;
        const where = `${o.operationId} ${status}`;
        for (const code of schema.properties.code?.enum ?? [])
          expect(Object.keys(SUCCESS), where).toContain(code);
        if (schema.required?.includes('message')) {
          withMessage += 1;
          expect(schema.required, where).toContain('code');
          expect(schema.properties.code?.enum?.length, where).toBeGreaterThan(0);
        }
      }
    expect(withMessage).toBeGreaterThan(40);
  });

  it('states the format rules of the validators and the headers the server sends', () => {
    const schemas = doc.components.schemas;
    expect(schemas.SignupBody.properties.email.pattern).toBeTruthy();
    expect(schemas.SignupBody.properties.password.pattern).toContain('(?=.*[A-Z])');
    expect(schemas.SignUpWithDomainBody.properties.phone.pattern).toMatch(/^\^/);
    expect(schemas.SignUpWithDomainBody.properties.domainName.pattern).toContain('[cC][oO][mM]');
    expect(schemas.LoginBody.additionalProperties).toBe(false);
    expect(schemas.UserProfile.properties).toHaveProperty('userDetail');
    const appraise = doc.paths['/appraisalDetails/{domain}'].put;
    expect(appraise.security).toEqual([{}, { bearer: [] }]);
    // Any X-Device-Id is taken; one that is not a device id is ignored (ADR 010 "Who is counted").
    const device = appraise.parameters.find((p: Json) => p.name === 'X-Device-Id');
    expect(device.schema).toEqual({ type: 'string' });
    expect(device.description).toContain(DEVICE_ID_PATTERN);
    // Numbers that are also taken as numeric strings: the number checks sit on the number branch only.
    for (const field of [
      schemas.CreateManualAppraisalBody.properties.manualValue,
      schemas.UpdateExhibitConditionBody.properties.description.anyOf[0],
    ]) {
      expect(field.type).toBeUndefined();
      expect(field.anyOf).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ type: 'string' }),
          expect.objectContaining({ type: 'integer' }),
        ]),
      );
    }
    expect(doc.paths['/dev/mail-catalogue'].get.responses['200'].content).toHaveProperty('text/html');
    expect(appraise.responses['429'].headers).toHaveProperty('Retry-After');
    expect(
      appraise.responses['400'].content['application/json'].schema.allOf[1].properties.code.enum,
    ).toEqual(expect.arrayContaining(['DOMAIN_INVALID', 'UNKNOWN_FIELD']));
    expect(doc.paths['/recentSearch'].get.responses['200'].headers).toHaveProperty('X-Appraisal-Remaining');
    expect(doc.paths['/appraisalCertificate/{file}'].get.responses['200'].headers).toHaveProperty(
      'Content-Disposition',
    );
    expect(doc.paths['/roles'].get.security).toEqual([]);
    expect(doc.paths['/myProfile'].get.security).toEqual([{ bearer: [] }]);
    for (const path of ['/config', '/registrars/{registrarId}', '/widget/registrars/{registrarId}'])
      expect(doc.paths[path].get, path).toBeDefined();
    expect(doc.paths['/getRegistrarList'].get).toBeDefined();
    expect(doc.paths['/updateClicks/{registrarId}'].post).toBeDefined();
  });

  it('lints with no error under Redocly’s recommended rules', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'openapi-lint-'));
    try {
      const file = join(dir, 'openapi.json');
      writeFileSync(file, JSON.stringify(doc));
      const redocly = fileURLToPath(new URL('../../../node_modules/.bin/redocly', import.meta.url));
      const run = await promisify(execFile)(redocly, ['lint', file, '--format=json'], {
        maxBuffer: 16 * 1024 * 1024,
      }).catch((err: { stdout: string; code: number }) => err);
      const report = JSON.parse(run.stdout) as { totals: { errors: number; warnings: number } };
      expect(report.totals.errors, run.stdout.slice(0, 4000)).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});

/** The spec's "no data" messages a list answers with 200 and no code (they are not success texts). */
const DATA_MESSAGES: string[] = [ERRORS.NO_SEARCH_HISTORY.message, NO_TRANSACTION_DATA_MESSAGE];

describe('every documented operation answers only what the document describes', () => {
  // One row per area of the API, driven with good and bad requests in this order: later rows use the
  // accounts, leads and ids that earlier rows made. A row fails on any answer the document does not
  // describe; the last test fails on a documented operation no row reached.
  let problems: string[] = [];
  const reached = new Set<string>();
  const call = async (
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<{ status: number; json: Json | undefined; text: string }> => {
    const op = validator.find(method, path);
    if (!op) throw new Error(`no documented operation for ${method} ${path}`);
    reached.add(op.operationId);
    const isForm = body instanceof FormData;
    const res = await t.app.request(`/api${path}`, {
      method,
      headers: isForm ? headers : { 'content-type': 'application/json', ...headers },
      ...(body === undefined ? {} : { body: isForm ? body : JSON.stringify(body) }),
    });
    const text = (res.headers.get('content-type') ?? '').includes('json') ? await res.text() : '';
    problems.push(...validator.problems(op, { status: res.status, headers: res.headers, text }));
    let json: Json | undefined;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    // A success answer with a message carries its code from the catalogue (packages/shared/src/success.ts),
    // by which the portal translates it; only the spec's two "no data" messages of a list come without one.
    if (
      res.status < 300 &&
      typeof json?.message === 'string' &&
      !DATA_MESSAGES.includes(json.message) &&
      !(typeof json.code === 'string' && json.code in SUCCESS)
    )
      problems.push(`${op.operationId} ${res.status}: success message without its code: ${json.message}`);
    return { status: res.status, json, text };
  };
  const AREAS = everyOperationAreas(() => t, call);

  it.each(AREAS)('%s', async (_area, run) => {
    problems = [];
    await run();
    expect(problems).toEqual([]);
  });

  it('reaches every documented operation', () => {
    const all = operationsOf(doc).map((o) => o.operationId);
    expect(all.filter((id) => !reached.has(id))).toEqual([]);
  });
});
