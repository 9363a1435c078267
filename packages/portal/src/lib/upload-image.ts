import { ApiError, apiRequest, handleApiError } from './api.ts';

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

/**
 * POST /files (multipart, field `file`) through the one API client: the stored image's URL. Failures
 * go through the generic handler, and so does an answer that names no stored file.
 */
export async function uploadImage(file: File): Promise<UploadedFile> {
  const form = new FormData();
  form.append('file', file, file.name);
  const answer = await apiRequest<{ files?: UploadedFile[] }>('/files', { method: 'POST', body: form });
  const stored = answer.data?.files?.[0];
  if (stored) return stored;
  const error = new ApiError(answer.status, null, '');
  handleApiError(error);
  throw error;
}
