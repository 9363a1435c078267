/**
 * The affiliate dashboard's calls (packages/shared/src/schemas/registrar-ledger.ts). Failures are shown
 * by the screen where they happen (`handle: 'page'`).
 */
import type {
  CsvAnswer,
  RegistrarLeadsAnswer,
  Statement,
} from '@domain-broker/shared/schemas/registrar-ledger';
import { apiRequest } from '../../lib/api.ts';

export interface RegistrarOption {
  UID: string;
  name: string;
}

function dataOf<T>(answer: { data?: T }): T {
  if (answer.data === undefined) throw new Error('The answer had no data');
  return answer.data;
}

export async function getRegistrarLeads(query: Record<string, string>): Promise<RegistrarLeadsAnswer> {
  return dataOf(await apiRequest<RegistrarLeadsAnswer>('/getRegistrarLeads', { query, handle: 'page' }));
}

/** Every row the filters select, as the server writes it (GET /getRegistrarLeadsCSV). */
export async function getRegistrarLeadsCsv(query: Record<string, string>): Promise<CsvAnswer> {
  return dataOf(await apiRequest<CsvAnswer>('/getRegistrarLeadsCSV', { query, handle: 'page' }));
}

/** A registrar's monthly statements of a year (an admin names the registrar). */
export async function listStatements(registrarUID: string | undefined, year: string): Promise<Statement[]> {
  return dataOf(
    await apiRequest<Statement[]>('/registrarStatements', {
      query: { year, registrarUID },
      handle: 'page',
    }),
  );
}

export async function getStatementCsv(month: string, registrarUID: string | undefined): Promise<CsvAnswer> {
  return dataOf(
    await apiRequest<CsvAnswer>(`/registrarStatements/${encodeURIComponent(month)}/csv`, {
      query: { registrarUID },
      handle: 'page',
    }),
  );
}

/** Admin: the registrars to choose from (GET /getRegistrarList). */
export async function listRegistrars(): Promise<RegistrarOption[]> {
  return dataOf(await apiRequest<RegistrarOption[]>('/getRegistrarList', { handle: 'page' }));
}
