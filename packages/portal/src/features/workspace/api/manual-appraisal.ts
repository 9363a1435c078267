/**
 * The Manual Appraisals tab's calls (packages/server/src/modules/manual-appraisal/routes.ts). A create
 * for a domain that already has an entry answers 409 with that entry; the tab then asks Overwrite or
 * Cancel and resends with `overwrite: true`.
 */
import type { ManualAppraisal } from '@domain-broker/shared/schemas/appraisal';
import { apiRequest } from '../../../lib/api.ts';
import type { Written } from './broker.ts';

export interface ManualAppraisalPage {
  items: ManualAppraisal[];
  total: number;
  page: number;
  limit: number;
}

export interface ManualAppraisalListParams {
  search?: string | undefined;
  page: number;
  limit: number;
  sortBy: string;
  sortType: 'asc' | 'desc';
}

export async function listManualAppraisals(params: ManualAppraisalListParams): Promise<ManualAppraisalPage> {
  const answer = await apiRequest<ManualAppraisalPage>('/manualAppraisal', {
    query: {
      page: params.page,
      limit: params.limit,
      sortBy: params.sortBy,
      sortType: params.sortType,
      search: params.search || undefined,
    },
    handle: 'page',
  });
  if (!answer.data) throw new Error('The answer had no data');
  return answer.data;
}

/** The form's values: the value as typed (a whole number of dollars), or the blocked flag. */
export interface ManualAppraisalInput {
  domainName: string;
  manualValue: number;
  isBlocked: boolean;
}

async function written(
  path: string,
  method: 'POST' | 'PATCH',
  body: Record<string, unknown>,
): Promise<Written<ManualAppraisal | undefined>> {
  const answer = await apiRequest<ManualAppraisal>(path, { method, body, handle: 'page' });
  return { message: answer.message, data: answer.data };
}

export const createManualAppraisal = (input: ManualAppraisalInput, overwrite: boolean) =>
  written('/manualAppraisal', 'POST', overwrite ? { ...input, overwrite: true } : { ...input });

export const updateManualAppraisal = (id: string, input: ManualAppraisalInput) =>
  written(`/manualAppraisal/${encodeURIComponent(id)}`, 'PATCH', { ...input });

export async function deleteManualAppraisal(id: string): Promise<Written<undefined>> {
  const answer = await apiRequest(`/manualAppraisal/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    handle: 'page',
  });
  return { message: answer.message, data: undefined };
}
