import { ApiError, handleApiError } from './api.ts';
import { useSession } from './session.ts';

export interface UploadedFile {
  filename: string;
  url: string;
}

/** The server's limit for POST /files (product decision B3). */
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
const ALLOWED = /\.(jpe?g|png)$/i;

/** What the browser can tell before sending: the name's extension and the size (the server checks the bytes). */
export function imageProblem(file: File): 'type' | 'size' | null {
  if (!ALLOWED.test(file.name) || (file.type && !/^image\/(jpeg|png)$/.test(file.type))) return 'type';
  if (file.size > MAX_IMAGE_BYTES) return 'size';
  return null;
}

/** POST /files (multipart, field `file`): the stored image's URL. Failures go through the generic handler. */
export async function uploadImage(file: File): Promise<UploadedFile> {
  const form = new FormData();
  form.append('file', file, file.name);
  const headers = new Headers({ Accept: 'application/json' });
  const token = useSession.getState().token;
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let error: ApiError;
  try {
    const response = await fetch('/api/files', { method: 'POST', body: form, headers, redirect: 'manual' });
    const payload: unknown = await response.json().catch(() => null);
    const stored = (payload as { data?: { files?: UploadedFile[] } } | null)?.data?.files?.[0];
    if (response.ok && stored) return stored;
    error = new ApiError(response.type === 'opaqueredirect' ? 307 : response.status, payload, '');
  } catch {
    error = new ApiError(0, null, '');
  }
  handleApiError(error);
  throw error;
}
