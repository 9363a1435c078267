import type { ApiAnswer } from '#portal/lib/api.ts';
import { registrarUid } from '#portal/lib/registrar.ts';
import { useWrite, type WriteOptions } from '#portal/lib/write.ts';
import { createCloseLead, createLead } from './leads.ts';

export interface BuyFormInput {
  /** 'lead' at or above the minimum budget, else the direct enquiry (`utils/rules.ts` buyOutcome). */
  outcome: 'lead' | 'enquiry';
  domainName: string;
  /** Dollars as the wire carries them ("1500"). */
  offerAmount: string;
  formName: string;
}

/** The domain + budget form's send: POST /leads, or POST /createCloseLead with the visitor's registrar. */
export function sendBuyForm({
  outcome,
  domainName,
  offerAmount,
  formName,
}: BuyFormInput): Promise<ApiAnswer<unknown>> {
  if (outcome === 'lead')
    return createLead({ domainName, offerAmount, referrerURL: location.href, formName });
  const registrarUID = registrarUid();
  return createCloseLead({
    domainName,
    offerAmount,
    referrerURL: location.href,
    formName,
    ...(registrarUID ? { registrarUID } : {}),
  });
}

/** The send: the form reads the answer (`runAsync`) and shows a refusal itself (`onFailure`). */
export function useSendBuyForm(options: Pick<WriteOptions<BuyFormInput, ApiAnswer<unknown>>, 'onFailure'>) {
  return useWrite(sendBuyForm, options);
}
