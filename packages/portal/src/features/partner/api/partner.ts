/**
 * The affiliate dashboard's calls (packages/shared/src/schemas/registrar-ledger.ts). Failures are shown
 * by the screen where they happen (`handle: 'page'`).
 */
import type {
  CsvAnswer,
  RegistrarLeadsAnswer,
  Statement,
} from '@domain-broker/shared/schemas/registrar-ledger';
import { pageData } from '#portal/lib/page-api.ts';

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
