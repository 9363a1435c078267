/**
 * The e-book download (GET /ebook), shared by the page after payment and the dashboard. The server
 * counts two downloads per user ('You have downloaded E-book two times already.' on the third, shown
 * by the shell's handler) and refuses an unpaid buyer with EBOOK_PAID_ONLY, which opens the upgrade
 * popup (decision A11).
 */
import { ApiError, apiRequest, reportFailure } from './api.ts';
import { openUpgrade } from './paid-features.ts';
import { saveBlob } from './save-file.ts';
import { useSession } from './session.ts';

/** The name the server gives the file (Content-Disposition), else the English one. */
export const EBOOK_FILE_NAME = 'how-to-buy-a-domain-someone-else-owns.pdf';
export function ebookFileName(disposition: string | null): string {
  const name = disposition ? /filename="?([^";]+)"?/i.exec(disposition)?.[1] : undefined;
  return name && /^[\w.-]+\.pdf$/.test(name) ? name : EBOOK_FILE_NAME;
}

/**
 * GET /ebook?locale=: the e-book PDF, saved by the browser. Answers whether it was saved; a refusal is
 * reported (the upgrade popup for an unpaid buyer, the shell's toast for anything else).
 */
export async function downloadEbook(locale: string): Promise<boolean> {
  if (!useSession.getState().token) return false;
  let data: Blob | undefined;
  let disposition: string | null = null;
  try {
    const answer = await apiRequest<Blob>('/ebook', {
      query: { locale: locale.startsWith('zh') ? 'zh' : 'en' },
      responseType: 'blob',
      handle: 'none',
    });
    data = answer.data;
    disposition = answer.headers.get('content-disposition');
  } catch (error) {
    if (error instanceof ApiError && error.code === 'EBOOK_PAID_ONLY') openUpgrade();
    else if (error instanceof ApiError) reportFailure(error, 'shell');
    return false;
  }
  if (!data) return false;
  saveBlob(data, ebookFileName(disposition));
  return true;
}
