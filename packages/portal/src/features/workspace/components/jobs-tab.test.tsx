import type { AdminJob, JobRun } from '@domain-broker/shared/schemas/jobs';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('#portal/lib/notify.ts', () => ({
  notifyError: vi.fn(),
  notifySuccess: vi.fn(),
  dismissErrors: vi.fn(),
  loadToast: vi.fn(),
}));

import { ensureCatalog } from '#portal/lib/i18n.ts';
import { mockServer, signInStaff } from '#portal/test/admin-tabs.ts';
import { jsonResponse } from '#portal/test/leads.ts';
import { renderAt } from '#portal/test/workspace.tsx';
import { visibleTabs } from '../rules.ts';
import WorkspacePage from '../workspace-page.tsx';
import { duration, summaryText } from './jobs-tab.tsx';

const fetchMock = vi.fn<typeof fetch>();
let server: ReturnType<typeof mockServer>;

const run = (over: Partial<JobRun> = {}): JobRun => ({
  id: 1,
  runId: 'r1',
  holder: 'host:1:abc',
  attempt: 1,
  outcome: 'ok',
  summary: { sent: 3 },
  error: null,
  startedAt: '2026-11-30T10:00:00.000Z',
  finishedAt: '2026-11-30T10:00:01.500Z',
  durationMs: 1_500,
  ...over,
});
const job = (over: Partial<AdminJob> = {}): AdminJob => ({
  name: 'mail-outbox',
  description: 'Sends the queued mail.',
  trigger: { kind: 'queue', text: 'queue, polled every 2 s' },
  lease: false,
  timeoutMs: 300_000,
  lastRun: run(),
  lastFailure: null,
  runs24h: 4,
  failures24h: 0,
  queue: { waiting: 2, oldestAgeMs: 90_000 },
  ...over,
});
const JOBS = [
  job(),
  job({
    name: 'housekeeping',
    description: 'Deletes what ended.',
    trigger: { kind: 'interval', text: 'every 10 min' },
    lastRun: run({ outcome: 'failed', error: 'boom' }),
    failures24h: 2,
    queue: null,
  }),
  job({ name: 'service-end', description: 'Closes leads.', lastRun: null, queue: null, runs24h: 0 }),
];

beforeEach(async () => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  server = mockServer(fetchMock);
  await ensureCatalog('workspace');
});
afterEach(() => vi.unstubAllGlobals());

describe('the Jobs tab', () => {
  it('is for admins only', () => {
    expect(visibleTabs(['Admin'])).toContain('jobs');
    expect(visibleTabs(['Consultant'])).not.toContain('jobs');
  });

  it('says durations and summaries in short words', () => {
    expect(duration(null)).toBe('—');
    expect(duration(850)).toBe('850 ms');
    expect(duration(90_000)).toBe('2 min');
    expect(duration(3 * 3_600_000)).toBe('3 h');
    expect(summaryText({ sent: 3, pruned: 0 })).toBe('sent: 3, pruned: 0');
    expect(summaryText({})).toBe('—');
  });

  it("lists the jobs, and opening one shows its recent runs; an empty job's runs say so", async () => {
    signInStaff(['Admin']);
    server.answer((call) => {
      if (call.path === '/api/admin/jobs') return jsonResponse(200, { data: JOBS });
      if (call.path === '/api/admin/jobs/housekeeping/runs')
        return jsonResponse(200, {
          data: {
            data: [run({ id: 2, outcome: 'failed', error: 'boom', attempt: 2, summary: {} }), run()],
            total: 2,
            totalPage: 1,
          },
        });
      if (call.path === '/api/admin/jobs/service-end/runs')
        return jsonResponse(200, { data: { data: [], total: 0, totalPage: 0 } });
      return undefined;
    });
    renderAt(<WorkspacePage />, { path: '/dashboard', search: 'tab=jobs' });
    const table = await screen.findByRole('table', { name: 'Background jobs' });
    const mail = (await within(table).findByText('mail-outbox')).closest('tr')!;
    expect(within(mail).getByText('queue, polled every 2 s')).toBeTruthy();
    expect(within(mail).getByText('2 waiting, oldest 2 min')).toBeTruthy();
    expect(within(mail).getByText('OK')).toBeTruthy();
    const house = within(table).getByText('housekeeping').closest('tr')!;
    expect(within(house).getByText('Failed')).toBeTruthy();
    expect(within(house).getByText('2')).toBeTruthy();
    expect(within(within(table).getByText('service-end').closest('tr')!).getByText('Never')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'housekeeping' }));
    const runs = await screen.findByRole('table', { name: 'Recent runs of housekeeping' });
    const failed = (await within(runs).findByText('boom')).closest('tr')!;
    expect(within(failed).getByText('Failed')).toBeTruthy();
    expect(within(runs).getByText('sent: 3')).toBeTruthy();
    expect(within(runs).getAllByText('2 s')).toHaveLength(2);
    expect(server.calls.find((c) => c.path === '/api/admin/jobs/housekeeping/runs')!.query).toEqual({
      page: '1',
      pageSize: '20',
    });

    await userEvent.click(screen.getByRole('button', { name: 'service-end' }));
    expect(await screen.findByText('No runs recorded yet.')).toBeTruthy();
  });

  it('shows the server refusal and offers a retry', async () => {
    signInStaff(['Admin']);
    let fail = true;
    server.answer((call) =>
      call.path === '/api/admin/jobs'
        ? fail
          ? jsonResponse(503, {
              message: 'The service is unavailable, please try again shortly.',
              code: 'SERVICE_UNAVAILABLE',
            })
          : jsonResponse(200, { data: JOBS })
        : undefined,
    );
    renderAt(<WorkspacePage />, { path: '/dashboard', search: 'tab=jobs' });
    expect(await screen.findByText('The service is unavailable, please try again shortly.')).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: /try again/i }));
    expect(await screen.findByRole('table', { name: 'Background jobs' })).toBeTruthy();
    expect(await screen.findByText('mail-outbox')).toBeTruthy();
  });
});
