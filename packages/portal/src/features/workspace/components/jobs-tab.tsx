import type { AdminJob, JobRun, JobRunOutcome } from '@domain-broker/shared/schemas/jobs';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import {
  DataTable,
  type DataTableColumn,
  dataTableColumns,
} from '#portal/components/data-table/data-table.tsx';
import { errorText } from '#portal/lib/api.ts';
import { getJobRuns, getJobs } from '../api/jobs.ts';
import { dayTime } from '../messages.ts';
import styles from '../workspace.module.css';
import { Card } from './card.tsx';

export const OUTCOME_LABELS: Record<JobRunOutcome, MessageDescriptor> = {
  running: msg`Running`,
  ok: msg`OK`,
  failed: msg`Failed`,
  timed_out: msg`Timed out`,
  interrupted: msg`Interrupted`,
};

/** A duration in the largest whole unit that fits: "850 ms", "12 s", "3 min", "2 h", "1 d". */
export function duration(ms: number | null): string {
  if (ms === null) return '—';
  if (ms < 1_000) return `${ms} ms`;
  const s = Math.round(ms / 1_000);
  if (s < 60) return `${s} s`;
  const min = Math.round(s / 60);
  if (min < 60) return `${min} min`;
  const h = Math.round(min / 60);
  return h < 48 ? `${h} h` : `${Math.round(h / 24)} d`;
}

/** A run's summary as `key: value` pairs. */
export const summaryText = (summary: Record<string, unknown>): string =>
  Object.entries(summary)
    .map(([k, value]) => `${k}: ${String(value)}`)
    .join(', ') || '—';

/** An outcome in words with a sign, so it is not told by colour alone. */
function Outcome({ outcome }: { outcome: JobRunOutcome }) {
  const { i18n } = useLingui();
  const bad = outcome === 'failed' || outcome === 'timed_out' || outcome === 'interrupted';
  return (
    <span className={bad ? styles.overdue : undefined}>
      <span aria-hidden="true">{bad ? '⚠ ' : outcome === 'ok' ? '✓ ' : '… '}</span>
      {i18n._(OUTCOME_LABELS[outcome])}
    </span>
  );
}

const jobCol = dataTableColumns<AdminJob>();
const runCol = dataTableColumns<JobRun>();
const RUNS_PAGE_SIZE = 20;

/**
 * The Jobs tab (docs/operations.md "Background jobs"): every background job with what it does, when it
 * runs, its last run, its failures in the last 24 hours and its queue; opening a job shows its recent
 * runs. Read-only.
 */
export function JobsTab() {
  const { t, i18n } = useLingui();
  const [open, setOpen] = useState<string | null>(null);
  const jobs = useQuery({ queryKey: ['workspace', 'jobs'], queryFn: getJobs, staleTime: 0 });

  const columns = useMemo(() => {
    const list: DataTableColumn<AdminJob>[] = [
      jobCol.field('name', () => t`Job`, {
        cell: (name) => (
          <button
            type="button"
            className={styles.secondary}
            aria-expanded={open === name}
            onClick={() => setOpen(open === name ? null : (name as string))}
          >
            <code>{name as string}</code>
          </button>
        ),
      }),
      jobCol.field('description', () => t`What it does`),
      jobCol.accessor('trigger', {
        id: 'when',
        header: () => t`When`,
        cell: (c) => (c.getValue() as AdminJob['trigger']).text,
      }),
      jobCol.accessor('lastRun', {
        id: 'lastRun',
        header: () => t`Last run`,
        cell: (c) => {
          const run = c.getValue() as AdminJob['lastRun'];
          return run ? (
            <>
              <Outcome outcome={run.outcome} /> {dayTime(i18n, run.startedAt)}
            </>
          ) : (
            <Trans>Never</Trans>
          );
        },
      }),
      jobCol.field('failures24h', () => t`Failures (24 h)`),
      jobCol.accessor('queue', {
        id: 'queue',
        header: () => t`Queue`,
        cell: (c) => {
          const queue = c.getValue() as AdminJob['queue'];
          if (!queue) return '—';
          const { waiting } = queue;
          const oldest = duration(queue.oldestAgeMs);
          return queue.oldestAgeMs === null ? (
            <Trans>{waiting} waiting</Trans>
          ) : (
            <Trans>
              {waiting} waiting, oldest {oldest}
            </Trans>
          );
        },
      }),
    ];
    return list;
  }, [t, i18n, open]);

  const rows = jobs.data;
  return (
    <div className={styles.form}>
      <DataTable
        caption={t`Background jobs`}
        columns={columns}
        rows={rows}
        rowId={(job) => job.name}
        total={rows?.length ?? 0}
        page={1}
        pageSize={Math.max(rows?.length ?? 0, 1)}
        onPageChange={() => {}}
        loading={jobs.isPending}
        fetching={jobs.isFetching}
        error={jobs.isError ? errorText(jobs.error) : null}
        onRetry={() => void jobs.refetch()}
      />
      {open ? <JobRuns name={open} /> : null}
    </div>
  );
}

function JobRuns({ name }: { name: string }) {
  const { t, i18n } = useLingui();
  const [page, setPage] = useState(1);
  const runs = useQuery({
    queryKey: ['workspace', 'jobs', name, page],
    queryFn: () => getJobRuns(name, page, RUNS_PAGE_SIZE),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const columns = useMemo(() => {
    const list: DataTableColumn<JobRun>[] = [
      runCol.field('outcome', () => t`Outcome`, { cell: (o) => <Outcome outcome={o as JobRunOutcome} /> }),
      runCol.field('attempt', () => t`Attempt`),
      runCol.field('startedAt', () => t`Started`, { cell: (at) => dayTime(i18n, at as string) }),
      runCol.field('durationMs', () => t`Duration`, { cell: (ms) => duration(ms as number | null) }),
      runCol.field('summary', () => t`Summary`, {
        cell: (s) => summaryText(s as Record<string, unknown>),
      }),
      runCol.field('error', () => t`Error`, { cell: (e) => (e as string | null) ?? '—' }),
    ];
    return list;
  }, [t, i18n]);

  return (
    <Card id={`job-${name}`} title={<Trans>Recent runs of {name}</Trans>}>
      <DataTable
        caption={t`Recent runs of ${name}`}
        columns={columns}
        rows={runs.data?.data}
        rowId={(run) => String(run.id)}
        total={runs.data?.total ?? 0}
        page={page}
        pageSize={RUNS_PAGE_SIZE}
        onPageChange={setPage}
        loading={runs.isPending}
        fetching={runs.isFetching}
        error={runs.isError ? errorText(runs.error) : null}
        onRetry={() => void runs.refetch()}
        emptyText={t`No runs recorded yet.`}
      />
    </Card>
  );
}
