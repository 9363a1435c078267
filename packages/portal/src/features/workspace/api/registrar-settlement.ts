/**
 * The Registrar Dashboard tab's calls (issue 14 item 7; packages/shared/src/schemas/registrar-ledger.ts):
 * the settle summary and its CSV read the one registrar ledger on the server (decision B9), and an
 * admin records a month's payout. Failures are shown by the tab (`handle: 'page'`).
 */
import type {
  CsvAnswer,
  RecordPayoutBody,
  SettleRow,
  Statement,
} from '@domain-broker/shared/schemas/registrar-ledger';
import { apiRequest } from '../../../lib/api.ts';
import type { Written } from './broker.ts';

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

export async function getSettleSummary(params: SettleParams): Promise<SettleRow[]> {
  const answer = await apiRequest<SettleRow[]>('/getRegistrarSettleSummary', {
    query: query(params),
    handle: 'page',
  });
  return answer.data ?? [];
}

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

export async function listRegistrarOptions(): Promise<RegistrarOption[]> {
  const answer = await apiRequest<RegistrarOption[]>('/getRegistrarList', { handle: 'page' });
  return answer.data ?? [];
}

/** A registrar's statements of a year: the payout form offers each month with what it left payable. */
export async function getStatements(registrarUID: string, year: string): Promise<Statement[]> {
  const answer = await apiRequest<Statement[]>('/registrarStatements', {
    query: { registrarUID, year },
    handle: 'page',
  });
  return answer.data ?? [];
}

export async function recordPayout(body: RecordPayoutBody): Promise<Written<Statement | undefined>> {
  const answer = await apiRequest<Statement>('/registrarPayouts', {
    method: 'PUT',
    body: { ...body },
    handle: 'page',
  });
  return { message: answer.message, data: answer.data };
}
