/**
 * The affiliate dashboard's calls (packages/shared/src/schemas/registrar-ledger.ts). Failures are shown
 * by the screen where they happen (`handle: 'page'`).
 */
import type {
  CsvAnswer,
  RegistrarLeadsAnswer,
  Statement,
} from '@domain-broker/shared/schemas/registrar-ledger';
import { errorText } from '#portal/lib/api.ts';
import { notifyError } from '#portal/lib/notify.ts';
import { pageData } from '#portal/lib/page-api.ts';
import { saveTextFile } from '#portal/lib/save-file.ts';
import { useWrite } from '#portal/lib/write.ts';

export interface RegistrarOption {
  UID: string;
  name: string;
}

export async function getRegistrarLeads(query: Record<string, string>): Promise<RegistrarLeadsAnswer> {
  return pageData<RegistrarLeadsAnswer>('/getRegistrarLeads', query);
}

/** Every row the filters select, as the server writes it (GET /getRegistrarLeadsCSV). */
export async function getRegistrarLeadsCsv(query: Record<string, string>): Promise<CsvAnswer> {
  return pageData<CsvAnswer>('/getRegistrarLeadsCSV', query);
}

/** A registrar's monthly statements of a year (an admin names the registrar). */
export async function listStatements(registrarUID: string | undefined, year: string): Promise<Statement[]> {
  return pageData<Statement[]>('/registrarStatements', { year, registrarUID });
}

export async function getStatementCsv(month: string, registrarUID: string | undefined): Promise<CsvAnswer> {
  return pageData<CsvAnswer>(`/registrarStatements/${encodeURIComponent(month)}/csv`, { registrarUID });
}

/** Admin: the registrars to choose from (GET /getRegistrarList). */
export async function listRegistrars(): Promise<RegistrarOption[]> {
  return pageData<RegistrarOption[]>('/getRegistrarList');
}

/** What a CSV download does once asked: the browser saves the file; a failure is a toast. */
const csvDownload = {
  onDone: (file: CsvAnswer) => saveTextFile(file.csv, file.fileName),
  onFailure: (error: unknown) => notifyError(errorText(error)),
};

/** The leads table as filtered, as CSV (the Export button; `pending` while it comes). */
export function useLeadsCsv() {
  return useWrite(getRegistrarLeadsCsv, csvDownload);
}

/** A month's statement as CSV; `input` is the month on its way (that row's button is busy). */
export function useStatementCsv(registrarUID: string | undefined) {
  return useWrite((month: string) => getStatementCsv(month, registrarUID), csvDownload);
}
