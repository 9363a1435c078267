/**
 * The Jobs tab's calls (packages/server/src/modules/jobs-admin/routes.ts): the background jobs and a
 * job's recent runs, read-only. Failures are shown by the tab (`handle: 'page'`).
 */
import type { AdminJob, JobRunList } from '@domain-broker/shared/schemas/jobs';
import { pageData, pageList } from '#portal/lib/page-api.ts';

export const getJobs = () => pageList<AdminJob>('/admin/jobs');
export const getJobRuns = (name: string, page: number, pageSize: number) =>
  pageData<JobRunList>(`/admin/jobs/${encodeURIComponent(name)}/runs`, {
    page: String(page),
    pageSize: String(pageSize),
  });
