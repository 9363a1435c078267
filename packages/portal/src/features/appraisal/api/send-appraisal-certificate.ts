import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '#portal/lib/api.ts';

export interface CertificateRequest {
  domainName: string;
  email: string;
  name?: string | null;
}

/** POST /sendAppraisalCertificate: the PDF certificate is mailed (needs EmailAppraisalCertificate). */
export function sendAppraisalCertificate(body: CertificateRequest) {
  return apiRequest<{ certificateId: string }>('/sendAppraisalCertificate', {
    method: 'POST',
    body: { ...body },
    handle: 'shell',
  });
}

export function useSendAppraisalCertificate() {
  return useMutation({ mutationFn: sendAppraisalCertificate });
}
