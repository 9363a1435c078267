import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api.ts';

export const certificateFileName = (domain: string) => `${domain}-appraisal-certificate.pdf`;

/** GET /appraisalCertificate/{domain}.pdf (needs ShareDownloadAppraisal): the PDF, saved by the browser. */
export async function downloadCertificate(domain: string): Promise<void> {
  const answer = await apiRequest<Blob>(`/appraisalCertificate/${encodeURIComponent(domain)}.pdf`, {
    responseType: 'blob',
    handle: 'shell',
  });
  if (!answer.data) return;
  const url = URL.createObjectURL(answer.data);
  const link = document.createElement('a');
  link.href = url;
  link.download = certificateFileName(domain);
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function useDownloadCertificate() {
  return useMutation({ mutationFn: downloadCertificate });
}
