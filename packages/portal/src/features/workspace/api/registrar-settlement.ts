/**
 * The Registrar Dashboard tab's calls (packages/shared/src/schemas/registrar-ledger.ts):
 * the settle summary and its CSV read the one registrar ledger on the server (decision B9), and an
 * admin records a month's payout. Failures are shown by the tab (`handle: 'page'`).
 */
import type {
  CsvAnswer,
  RecordPayoutBody,
  SettleRow,
  Statement,
} from '@domain-broker/shared/schemas/registrar-ledger';
import { apiRequest, errorText } from '#portal/lib/api.ts';
import { notifyError } from '#portal/lib/notify.ts';
import { pageList, pageWrite } from '#portal/lib/page-api.ts';
import { saveTextFile } from '#portal/lib/save-file.ts';
import { useWrite } from '#portal/lib/write.ts';

export interface SettleParams {
  startDate: string;
  endDate: string;
  /** '' every transaction, 'direct' direct users, else one registrar's id. */
  registrarUID: string;
}

export interface RegistrarOption {
  UID: string;
  name: string;
}

const query = (p: SettleParams) => ({
  startDate: p.startDate,
  endDate: p.endDate,
  registrarUID: p.registrarUID || undefined,
});

export const getSettleSummary = (params: SettleParams) =>
  pageList<SettleRow>('/getRegistrarSettleSummary', query(params));

/** The period's transactions as CSV, or the server's no-data message (the answer then has no data). */
export async function getTransactionCsv(
  params: SettleParams,
): Promise<{ file: CsvAnswer | null; message: string | undefined }> {
  const answer = await apiRequest<CsvAnswer>('/getTransactionDataCSV', {
    query: query(params),
    handle: 'page',
  });
  return { file: answer.data?.csv !== undefined ? answer.data : null, message: answer.message };
}

export const listRegistrarOptions = () => pageList<RegistrarOption>('/getRegistrarList');

/** A registrar's statements of a year: the payout form offers each month with what it left payable. */
export const getStatements = (registrarUID: string, year: string) =>
  pageList<Statement>('/registrarStatements', { registrarUID, year });

export const recordPayout = (body: RecordPayoutBody) =>
  pageWrite<Statement>('PUT', '/registrarPayouts', { ...body });

/**
 * The transactions CSV of the filters (the Download button; `pending` while it comes): the browser
 * saves the file; `onNoFile` says why there is none (the server's message), a failure is a toast.
 */
export function useTransactionCsv(onNoFile: (message: string | undefined) => void) {
  return useWrite(getTransactionCsv, {
    onDone: ({ file, message }) => (file ? saveTextFile(file.csv, file.fileName) : onNoFile(message)),
    onFailure: (error) => notifyError(errorText(error)),
  });
}
