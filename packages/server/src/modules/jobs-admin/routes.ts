/**
 * The admin's read-only Jobs view (docs/operations.md "Background jobs", ADR 053): the declared
 * background jobs with their last runs, failures and queues, and a job's recent runs. Admin only.
 */
import {
  AdminJobSchema,
  JobNameParam,
  JobRunListQuery,
  JobRunListSchema,
} from '@domain-broker/shared/schemas/jobs';
import { Hono } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '#server/deps.ts';
import { component, describeRoute } from '#server/lib/openapi.ts';
import { NoQuery, vParam, vQuery } from '#server/lib/validate.ts';
import { requireAdmin } from '../auth/middleware.ts';
import { listJobRuns, listJobs } from './service.ts';

const AdminJobDoc = component('AdminJob', AdminJobSchema);
const JobRunListDoc = component('JobRunList', JobRunListSchema);
const tags = ['staff'];

export function jobsAdminRoutes() {
  const app = new Hono<AppEnv>();

  app.get(
    '/admin/jobs',
    describeRoute({
      operationId: 'listAdminJobs',
      summary:
        'Every declared background job (Admin): what it does, when it runs, its last run and last failure, ' +
        'its runs and failures in the last 24 hours and, for a queue job, the rows waiting and the oldest one’s age.',
      tags,
      responses: { 200: { description: 'The jobs', data: v.array(AdminJobDoc) } },
    }),
    requireAdmin,
    vQuery(NoQuery),
    async (c) => c.json({ data: await listJobs(c.get('services')) }),
  );

  app.get(
    '/admin/jobs/:name/runs',
    describeRoute({
      operationId: 'listAdminJobRuns',
      summary: "A job's recorded runs (Admin), newest first; 20 a page by default, at most 100.",
      tags,
      responses: { 200: { description: 'Page', data: JobRunListDoc } },
      errors: ['JOB_NOT_FOUND'],
    }),
    requireAdmin,
    vParam(JobNameParam),
    vQuery(JobRunListQuery),
    async (c) =>
      c.json({ data: await listJobRuns(c.get('services'), c.req.valid('param').name, c.req.valid('query')) }),
  );

  return app;
}
