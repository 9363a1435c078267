import { apiRequest } from '#portal/lib/api.ts';
import { saveBlob } from '#portal/lib/save-file.ts';
import { useWrite } from '#portal/lib/write.ts';

export const certificateFileName = (domain: string) => `${domain}-appraisal-certificate.pdf`;

/** GET /appraisalCertificate/{domain}.pdf (needs ShareDownloadAppraisal): the PDF, saved by the browser. */
export async function downloadCertificate(domain: string): Promise<void> {
  const answer = await apiRequest<Blob>(`/appraisalCertificate/${encodeURIComponent(domain)}.pdf`, {
    responseType: 'blob',
    handle: 'shell',
  });
  if (!answer.data) return;
  saveBlob(answer.data, certificateFileName(domain));
}

export function useDownloadCertificate() {
  return useWrite(downloadCertificate);
}
