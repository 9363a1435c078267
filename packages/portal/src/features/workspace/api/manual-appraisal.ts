/**
 * The Manual Appraisals tab's calls (packages/server/src/modules/manual-appraisal/routes.ts). A create
 * for a domain that already has an entry answers 409 with that entry; the tab then asks Overwrite or
 * Cancel and resends with `overwrite: true`.
 */
import type { ManualAppraisal } from '@domain-broker/shared/schemas/appraisal';
import { pageData, pageWrite } from '#portal/lib/page-api.ts';

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
  return pageData<ManualAppraisalPage>('/manualAppraisal', { ...params, search: params.search || undefined });
}

/** The form's values: the value as typed (a whole number of dollars), or the blocked flag. */
export interface ManualAppraisalInput {
  domainName: string;
  manualValue: number;
  isBlocked: boolean;
}

const entryPath = (id: string) => `/manualAppraisal/${encodeURIComponent(id)}`;

export const createManualAppraisal = (input: ManualAppraisalInput, overwrite: boolean) =>
  pageWrite<ManualAppraisal>(
    'POST',
    '/manualAppraisal',
    overwrite ? { ...input, overwrite: true } : { ...input },
  );

export const updateManualAppraisal = (id: string, input: ManualAppraisalInput) =>
  pageWrite<ManualAppraisal>('PATCH', entryPath(id), { ...input });

export const deleteManualAppraisal = (id: string) => pageWrite('DELETE', entryPath(id));
