import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/test/harness.ts';
import { jpeg, png } from '#server/test/images.ts';
import { MAX_UPLOAD_BYTES } from './service.ts';
import { createDiskFileStore, createMemoryFileStore } from './store.ts';

const store = createMemoryFileStore();
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ deps: { fileStore: store } });
  token = await t.register('uploader@example.com');
});
afterAll(() => t.close());

// biome-ignore lint/suspicious/noExplicitAny: answers are loosely typed JSON that each test inspects
type Answer = { status: number; body: any };
async function upload(
  parts: { [name: string]: Blob | string | undefined },
  headers: Record<string, string> = t.auth(token),
): Promise<Answer> {
  const form = new FormData();
  for (const [name, value] of Object.entries(parts)) {
    if (value instanceof File) form.append(name, value, value.name);
    else if (value !== undefined) form.append(name, value);
  }
  const res = await t.app.request('/api/files', { method: 'POST', body: form, headers });
  return { status: res.status, body: await res.json() };
}
const file = (bytes: Uint8Array | string, name: string, type = 'application/octet-stream') =>
  new File([bytes as Uint8Array<ArrayBuffer> | string], name, { type });

describe('POST /files', () => {
  it('stores a PNG and a JPEG under random names and serves them back with their type and nosniff', async () => {
    const a = await upload({ file: file(png(), 'me.png', 'image/png') });
    expect(a.status).toBe(201);
    const [stored] = a.body.data.files;
    expect(stored.filename).toMatch(/^[a-f0-9]{32}\.png$/);
    expect(stored.url).toBe(`/api/files/${stored.filename}`);
    const b = await upload({ file: file(jpeg(), 'me.jpeg', 'image/jpeg') });
    expect(b.status).toBe(201);
    expect(b.body.data.files[0].filename).toMatch(/^[a-f0-9]{32}\.jpg$/);
    const again = await upload({ file: file(png(), 'me.png', 'image/png') });
    expect(again.body.data.files[0].filename).not.toBe(stored.filename);

    const served = await t.app.request(stored.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(png());
    const jpg = await t.app.request(b.body.data.files[0].url);
    expect(jpg.headers.get('content-type')).toBe('image/jpeg');
  });

  it('goes by the bytes, not the name: a PNG named .exe is a PNG, an .exe named .png is refused', async () => {
    const renamedPng = await upload({ file: file(png(), 'setup.exe', 'application/x-msdownload') });
    expect(renamedPng.status).toBe(201);
    expect(renamedPng.body.data.files[0].filename).toMatch(/\.png$/);

    const exe = new Uint8Array([0x4d, 0x5a, 0x90, 0x00, ...new Uint8Array(200)]);
    const fake = await upload({ file: file(exe, 'photo.png', 'image/png') });
    expect(fake.status).toBe(415);
    expect(fake.body).toMatchObject({
      code: 'FILE_TYPE_NOT_ALLOWED',
      message: 'Please upload only .jpg, .jpeg, .png type files.',
    });
  });

  it('refuses an SVG, a GIF and a text file with the spec message', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
    for (const f of [
      file(svg, 'a.svg', 'image/svg+xml'),
      file(svg, 'a.png', 'image/png'),
      file('GIF89a\x01\x00\x01\x00', 'a.gif', 'image/gif'),
      file('hello', 'a.jpg', 'image/jpeg'),
    ]) {
      const r = await upload({ file: f });
      expect(r.status, f.name).toBe(415);
      expect(r.body.message).toBe('Please upload only .jpg, .jpeg, .png type files.');
    }
  });

  it("answers 'Invalid image input.' for a broken image, an empty file, no file or a non-multipart body", async () => {
    const truncated = png().slice(0, 20);
    const jpegNoFrame = new Uint8Array([0xff, 0xd8, 0xff, 0xda, 0x00, 0x02, 0xff, 0xd9]);
    for (const parts of [
      { file: file(truncated, 'a.png') },
      { file: file(jpegNoFrame, 'a.jpg') },
      { file: file(new Uint8Array(), 'a.png') },
      { file: 'not a file' },
      {},
    ]) {
      const r = await upload(parts);
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ code: 'INVALID_IMAGE', message: 'Invalid image input.' });
    }
    const json = await t.call('POST', '/files', { file: 'x' }, t.auth(token));
    expect(json.status).toBe(400);
    expect(json.body.code).toBe('INVALID_IMAGE');
    const garbled = await t.app.request('/api/files', {
      method: 'POST',
      headers: { ...t.auth(token), 'content-type': 'multipart/form-data; boundary=zzz' },
      body: '--zzz\r\nthis is not a part',
    });
    expect(garbled.status).toBe(400);
  });

  it('refuses other fields, and more than 2 MB with "Input value is too long." and stores nothing', async () => {
    const extra = await upload({ file: file(png(), 'a.png'), other: 'x' });
    expect(extra.status).toBe(400);
    expect(extra.body.code).toBe('UNKNOWN_FIELD');

    const before = store.files.size;
    const big = png(2, 2, 3 * 1024 * 1024);
    const r = await upload({ file: file(big, 'big.png', 'image/png') });
    expect(r.status).toBe(413);
    expect(r.body).toMatchObject({ code: 'INPUT_TOO_LONG', message: 'Input value is too long.' });
    // just under the limit is fine
    const near = png(2, 2, MAX_UPLOAD_BYTES - 200);
    expect(near.length).toBeLessThanOrEqual(MAX_UPLOAD_BYTES);
    expect((await upload({ file: file(near, 'near.png') })).status).toBe(201);
    expect(store.files.size).toBe(before + 1);
  });

  it('is refused without a session, and the limit holds for a body sent without a length', async () => {
    const anon = await upload({ file: file(png(), 'a.png') }, {});
    expect(anon.status).toBe(401);
    const form = new FormData();
    form.append('file', file(png(2, 2, 3 * 1024 * 1024), 'big.png'));
    const encoded = new Response(form);
    const stream = encoded.body!;
    const res = await t.app.request('/api/files', {
      method: 'POST',
      headers: { ...t.auth(token), 'content-type': encoded.headers.get('content-type')! },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
  });
});

describe('GET /files/{filename}', () => {
  it('answers 404 for unknown and malformed names', async () => {
    for (const name of ['0123456789abcdef0123456789abcdef.png', '..%2Fpackage.json', 'x.svg']) {
      const r = await t.app.request(`/api/files/${name}`);
      expect(r.status, name).toBe(404);
    }
  });
});

describe('the disk store', () => {
  it('writes whole files into its folder (made on the first upload) and reads them back', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'uploads-'));
    try {
      const disk = createDiskFileStore(join(dir, 'uploads'));
      expect(await disk.get('0123456789abcdef0123456789abcdef.png')).toBeNull();
      await disk.put('0123456789abcdef0123456789abcdef.png', png(), 'image/png');
      expect(readdirSync(join(dir, 'uploads'))).toEqual(['0123456789abcdef0123456789abcdef.png']);
      const back = await disk.get('0123456789abcdef0123456789abcdef.png');
      expect(back?.contentType).toBe('image/png');
      expect(back?.body).toEqual(png());
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('OpenAPI', () => {
  it('documents the multipart upload and the served file', async () => {
    const doc = (await t.call('GET', '/openapi.json')).body;
    expect(doc.paths['/files'].post.requestBody.content).toHaveProperty('multipart/form-data');
    expect(Object.keys(doc.paths['/files'].post.responses)).toEqual(
      expect.arrayContaining(['201', '400', '413', '415']),
    );
    expect(doc.paths['/files/{filename}'].get.responses).toHaveProperty('200');
  });
});
