import { apiRequest } from '#portal/lib/api.ts';
import { useWrite } from '#portal/lib/write.ts';

export interface ShareLink {
  url: string;
  expiresAt: string;
  certificateId: string;
}

/** POST /appraisalCertificate/{domain}/share (needs ShareDownloadAppraisal): a link valid 30 days. */
export async function shareCertificate(domain: string): Promise<ShareLink | undefined> {
  const answer = await apiRequest<ShareLink>(`/appraisalCertificate/${encodeURIComponent(domain)}/share`, {
    method: 'POST',
    body: {},
    handle: 'shell',
  });
  return answer.data;
}

export function useShareCertificate() {
  return useWrite(shareCertificate);
}
