import { useLingui } from '@lingui/react/macro';
import { apiRequest } from '#portal/lib/api.ts';
import { useWrite, type WriteOptions } from '#portal/lib/write.ts';
import { CERTIFICATE_SENT } from '../components/messages.ts';

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

/** The mailing: 'Appraisal certificate sent…' as the toast; `onDone`/`onFailure` end the history's marker. */
export function useSendAppraisalCertificate(
  options: Pick<WriteOptions<CertificateRequest, unknown>, 'onDone' | 'onFailure'>,
) {
  const { i18n } = useLingui();
  return useWrite(sendAppraisalCertificate, { success: () => i18n._(CERTIFICATE_SENT), ...options });
}
