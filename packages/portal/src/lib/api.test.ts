import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('./notify.ts', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn(), loadToast: vi.fn() }));

import { ApiError, apiHooks, apiRequest } from './api.ts';
import { notifyError } from './notify.ts';
import { openOverlay, useOverlays } from './overlays.ts';
import { useSession } from './session.ts';
import { STORAGE_KEYS } from './storage.ts';

const fetchMock = vi.fn<typeof fetch>();

function answer(status: number, body?: unknown) {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
  });
}

const profile = { UID: 'u1', email: 'buyer@example.com', name: 'Ann Buyer' } as never;

describe('API client', () => {
  const originalHook = apiHooks.onSessionEnded;
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockReset();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    apiHooks.onSessionEnded = originalHook;
  });

  it('sends the session token as a Bearer header under /api', async () => {
    useSession.getState().signIn('tok-123', profile);
    fetchMock.mockResolvedValue(answer(200, { data: { ok: true } }));
    const result = await apiRequest<{ ok: boolean }>('/myProfile');
    expect(result).toMatchObject({ status: 200, message: undefined, data: { ok: true } });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toMatch(/\/api\/myProfile$/);
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer tok-123');
  });

  it('returns meaningful 2xx statuses (207 verification needed) with message and data', async () => {
    fetchMock.mockResolvedValue(answer(207, { message: 'verify', data: { email: 'a@b.co' } }));
    await expect(apiRequest('/login', { method: 'POST', body: {} })).resolves.toMatchObject({
      status: 207,
      message: 'verify',
      data: { email: 'a@b.co' },
    });
  });

  it('401 ends the session', async () => {
    useSession.getState().signIn('tok-123', profile);
    fetchMock.mockResolvedValue(answer(401, { message: 'Token is not valid!', code: 'TOKEN_INVALID' }));
    await expect(apiRequest('/myProfile')).rejects.toMatchObject({ status: 401 });
    expect(useSession.getState().token).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('307 shows the blocked-country page', async () => {
    fetchMock.mockResolvedValue(answer(307, { message: 'no', code: 'LOCATION_NOT_SUPPORTED' }));
    await expect(apiRequest('/checkBlockedCountry')).rejects.toBeInstanceOf(ApiError);
    expect(useOverlays.getState().takeover).toBe('blockedCountry');
  });

  it('451 shows the robot page', async () => {
    fetchMock.mockResolvedValue(answer(451, { message: 'bot', code: 'ROBOT_DETECTED' }));
    await expect(apiRequest('/signup', { method: 'POST', body: {} })).rejects.toMatchObject({ status: 451 });
    expect(useOverlays.getState().takeover).toBe('robot');
  });

  it("toasts the server's message for other errors and stops the page loader", async () => {
    openOverlay('pageLoader');
    fetchMock.mockResolvedValue(
      answer(409, { message: 'Payment already done.', code: 'PAYMENT_ALREADY_DONE' }),
    );
    await expect(apiRequest('/payments', { method: 'POST', body: {} })).rejects.toMatchObject({
      status: 409,
    });
    expect(notifyError).toHaveBeenCalledWith('Payment already done.');
    expect(useOverlays.getState().open.pageLoader).toBeUndefined();
  });

  it('shows known errors in the active language by their code', async () => {
    fetchMock.mockResolvedValue(
      answer(400, { message: 'Invalid user credentials', code: 'INVALID_CREDENTIALS' }),
    );
    await expect(apiRequest('/login', { method: 'POST', body: {} })).rejects.toBeInstanceOf(ApiError);
    expect(notifyError).toHaveBeenCalledWith('Invalid user credentials');
  });

  it("falls back to 'Something went wrong' without a server message", async () => {
    fetchMock.mockImplementation(async () => new Response('<html>bad gateway</html>', { status: 502 }));
    await expect(apiRequest('/myProfile')).rejects.toMatchObject({ status: 502 });
    expect(notifyError).toHaveBeenCalledWith('Something went wrong');
  });

  it('reports a network failure the same way', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(apiRequest('/myProfile')).rejects.toMatchObject({ status: 0 });
    expect(notifyError).toHaveBeenCalledWith('Something went wrong');
  });

  it("sends the guest's device id on every call, the same one each time", async () => {
    fetchMock.mockImplementation(async () => answer(200, { data: {} }));
    await apiRequest('/config');
    await apiRequest('/updateClicks', { method: 'POST', body: {} });
    const ids = fetchMock.mock.calls.map(([, init]) => new Headers(init?.headers).get('x-device-id'));
    expect(ids[0]).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    expect(ids[1]).toBe(ids[0]);
    expect(localStorage.getItem(STORAGE_KEYS.deviceId)).toBe(ids[0]);
  });

  it('retries a read twice after a network failure or a 5xx, then answers', async () => {
    fetchMock
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockImplementationOnce(async () => answer(503, { message: 'busy', code: 'INTERNAL' }))
      .mockImplementationOnce(async () => answer(200, { data: { ok: true } }));
    await expect(apiRequest('/myProfile')).resolves.toMatchObject({ status: 200, data: { ok: true } });
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('never retries a write, nor a read answered with a 4xx', async () => {
    fetchMock.mockImplementation(async () => answer(503, { message: 'busy', code: 'INTERNAL' }));
    await expect(apiRequest('/login', { method: 'POST', body: {} })).rejects.toMatchObject({ status: 503 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    fetchMock.mockReset();
    fetchMock.mockImplementation(async () => answer(404, { message: 'Entry not found.', code: 'NOT_FOUND' }));
    await expect(apiRequest('/registrars/x')).rejects.toMatchObject({ status: 404 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('sends JSON bodies and drops undefined query values', async () => {
    fetchMock.mockImplementation(async () => answer(200, { data: {} }));
    await apiRequest('/appraisalDetails/a.com', {
      method: 'PUT',
      body: { x: 1 },
      query: { a: 'b', c: undefined },
    });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toMatch(/\/api\/appraisalDetails\/a\.com\?a=b$/);
    expect(init?.body).toBe('{"x":1}');
    expect(new Headers(init?.headers).get('content-type')).toContain('application/json');
    expect(init?.redirect).toBe('manual');
  });

  it('leaves everything to the caller when asked to', async () => {
    fetchMock.mockResolvedValue(answer(404, { message: 'Entry not found.', code: 'NOT_FOUND' }));
    const hook = vi.fn();
    apiHooks.onSessionEnded = hook;
    await expect(apiRequest('/config', { handle: 'none' })).rejects.toMatchObject({ status: 404 });
    expect(notifyError).not.toHaveBeenCalled();
    expect(hook).not.toHaveBeenCalled();
  });
});

describe('public configuration', () => {
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => vi.unstubAllGlobals());

  it('falls back to the defaults when GET /api/config is missing, without a toast', async () => {
    const { loadPublicConfig, DEFAULT_CONFIG } = await import('./config.ts');
    fetchMock.mockResolvedValueOnce(answer(404, { message: 'Entry not found.', code: 'NOT_FOUND' }));
    await expect(loadPublicConfig()).resolves.toEqual(DEFAULT_CONFIG);
    expect(notifyError).not.toHaveBeenCalled();
  });

  it('merges the served values and opens the maintenance popup when asked', async () => {
    const { loadPublicConfig } = await import('./config.ts');
    fetchMock.mockResolvedValueOnce(answer(200, { data: { googleClientId: 'cid', maintenance: true } }));
    const config = await loadPublicConfig();
    expect(config.googleClientId).toBe('cid');
    expect(useOverlays.getState().open.maintenance).toEqual({});
  });
});

describe('image upload through the client', () => {
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockReset();
    vi.mocked(notifyError).mockClear();
  });
  afterEach(() => vi.unstubAllGlobals());

  const photo = () => new File([new Uint8Array([0xff, 0xd8, 0xff])], 'me.jpg', { type: 'image/jpeg' });

  it('sends the file as multipart with the session token and answers the stored URL', async () => {
    const { uploadImage } = await import('./upload-image.ts');
    useSession.getState().signIn('tok-123', profile);
    const stored = { filename: 'me.jpg', url: '/uploads/me.jpg' };
    fetchMock.mockResolvedValue(answer(201, { data: { files: [stored] } }));
    await expect(uploadImage(photo())).resolves.toEqual(stored);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toMatch(/\/api\/files$/);
    expect(init?.method).toBe('POST');
    expect(init?.body).toBeInstanceOf(FormData);
    expect((init!.body as FormData).get('file')).toBeInstanceOf(File);
    const headers = new Headers(init?.headers);
    expect(headers.get('authorization')).toBe('Bearer tok-123');
    // the browser writes the multipart boundary itself
    expect(headers.has('content-type')).toBe(false);
  });

  it("shows the server's refusal like any other call and rejects", async () => {
    const { uploadImage } = await import('./upload-image.ts');
    fetchMock.mockResolvedValue(answer(400, { message: 'Only JPEG or PNG images', code: 'VALIDATION' }));
    await expect(uploadImage(photo())).rejects.toMatchObject({ status: 400 });
    expect(notifyError).toHaveBeenCalledWith('Only JPEG or PNG images');
  });

  it('an answer that names no stored file is a failure too', async () => {
    const { uploadImage } = await import('./upload-image.ts');
    fetchMock.mockResolvedValue(answer(200, { data: {} }));
    await expect(uploadImage(photo())).rejects.toBeInstanceOf(ApiError);
    expect(notifyError).toHaveBeenCalledWith('Something went wrong');
  });
});
