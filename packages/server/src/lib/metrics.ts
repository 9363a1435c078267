/**
 * What an operator can alert on, in the Prometheus text format (docs/operations.md "Metrics"): the
 * HTTP requests by route template, method and status; the database pool and its errors; the queues'
 * depth and oldest age; job runs; payments and refunds by outcome; refused sign-ins and rate limits.
 * One registry per app (tests build several apps in one process); `GET /metrics`
 * (modules/metrics/routes.ts) serves it.
 */
import { Counter, Gauge, Histogram, Registry } from 'prom-client';

/** What the gauges read when scraped. */
export interface MetricSources {
  /** PostgreSQL's pool (none for the embedded engine: one connection inside the process). */
  pool?: () => { total: number; idle: number; waiting: number };
  /** The queue tables' depth, by queue (the queue jobs' `depth`, src/jobs). */
  queues?: () => Promise<Array<{ queue: string; waiting: number; oldestAt: Date | null }>>;
  now?: () => Date;
}

export interface Metrics {
  readonly registry: Registry;
  /** One answered request; `route` is the template (`/api/leads/:id`), never the path. */
  request(method: string, route: string, status: number, seconds: number): void;
  /** A database error reached the error handler: `unavailable` (outage, timeout) or `query`. */
  databaseError(kind: 'unavailable' | 'query'): void;
  /** A finished job run (src/jobs/runner.ts). */
  jobRun(job: string, outcome: string, seconds: number): void;
  /** A payment attempt's outcome once committed (paid, failed, requires_action, pending, duplicate). */
  payment(outcome: string): void;
  /** A refund's outcome (refunded, refused, provider_unavailable, not_possible). */
  refund(outcome: string): void;
  /** A refused sign-in, by the route that refused it. */
  signInFailure(route: string): void;
  /** A 429 from a limit, by its error code. */
  rateLimited(code: string): void;
  /** Where the gauges read from; set once the database and the jobs exist (main.ts). */
  setSources(sources: MetricSources): void;
  /** The text a scrape answers. */
  text(): Promise<string>;
}

/** Latency buckets in seconds: most answers take milliseconds; the slow tail is what alerts watch. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const JOB_BUCKETS = [0.01, 0.1, 0.5, 1, 5, 15, 60, 300, 1800];

export function createMetrics(): Metrics {
  const registry = new Registry();
  const registers = [registry];
  let sources: MetricSources = {};

  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by route template, method and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers,
  });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route template, method and status.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: LATENCY_BUCKETS,
    registers,
  });
  /** The children of the request series, by `method status route` (bounded: routes are templates). */
  const series = new Map<
    string,
    { count: ReturnType<typeof requests.labels>; time: ReturnType<typeof latency.labels> }
  >();
  const dbErrors = new Counter({
    name: 'db_errors_total',
    help: 'Database errors that ended a request: unavailable (outage, timeout) or query.',
    labelNames: ['kind'] as const,
    registers,
  });
  new Gauge({
    name: 'db_pool_connections',
    help: 'PostgreSQL pool connections by state (in_use, idle) and requests waiting for one (waiting).',
    labelNames: ['state'] as const,
    registers,
    collect() {
      const pool = sources.pool?.();
      if (!pool) return;
      this.set({ state: 'in_use' }, pool.total - pool.idle);
      this.set({ state: 'idle' }, pool.idle);
      this.set({ state: 'waiting' }, pool.waiting);
    },
  });
  const oldestAge = new Gauge({
    name: 'queue_oldest_age_seconds',
    help: 'How long the oldest waiting row of a queue has waited (0 when none waits).',
    labelNames: ['queue'] as const,
    registers: [],
  });
  // read once per scrape, for both gauges; the depth is registered first, so it collects first
  new Gauge({
    name: 'queue_depth',
    help: 'Rows waiting in a queue table (mail-outbox, webhook-deliveries).',
    labelNames: ['queue'] as const,
    registers,
    async collect() {
      const queues = (await sources.queues?.()) ?? [];
      const now = (sources.now ?? (() => new Date()))().getTime();
      for (const q of queues) {
        this.set({ queue: q.queue }, q.waiting);
        oldestAge.set({ queue: q.queue }, q.oldestAt ? Math.max(0, (now - q.oldestAt.getTime()) / 1000) : 0);
      }
    },
  });
  registry.registerMetric(oldestAge);
  const jobRuns = new Counter({
    name: 'job_runs_total',
    help: 'Background job runs by job and outcome (ok, failed, timed_out, interrupted, skipped).',
    labelNames: ['job', 'outcome'] as const,
    registers,
  });
  const jobSeconds = new Histogram({
    name: 'job_run_duration_seconds',
    help: 'Time a background job run took, by job.',
    labelNames: ['job'] as const,
    buckets: JOB_BUCKETS,
    registers,
  });
  const payments = new Counter({
    name: 'payments_total',
    help: 'Payment attempts by outcome, counted once when recorded (paid, failed, requires_action, duplicate).',
    labelNames: ['outcome'] as const,
    registers,
  });
  const refunds = new Counter({
    name: 'refunds_total',
    help: 'Refunds by outcome (refunded, refused, provider_unavailable, not_possible).',
    labelNames: ['outcome'] as const,
    registers,
  });
  const signIns = new Counter({
    name: 'sign_in_failures_total',
    help: 'Refused sign-ins (wrong password or code, refused social sign-in), by route.',
    labelNames: ['route'] as const,
    registers,
  });
  const limited = new Counter({
    name: 'rate_limit_refusals_total',
    help: 'Requests refused by a limit (429), by error code.',
    labelNames: ['code'] as const,
    registers,
  });

  return {
    registry,
    request(method, route, status, seconds) {
      // a request's series by a plain key: the label objects are hashed once per series, not per request
      const key = `${method} ${status} ${route}`;
      let one = series.get(key);
      if (!one) {
        const labels = { method, route, status: String(status) };
        one = { count: requests.labels(labels), time: latency.labels(labels) };
        series.set(key, one);
      }
      one.count.inc();
      one.time.observe(seconds);
    },
    databaseError: (kind) => dbErrors.inc({ kind }),
    jobRun(job, outcome, seconds) {
      jobRuns.inc({ job, outcome });
      if (outcome !== 'skipped') jobSeconds.observe({ job }, seconds);
    },
    payment: (outcome) => payments.inc({ outcome }),
    refund: (outcome) => refunds.inc({ outcome }),
    signInFailure: (route) => signIns.inc({ route }),
    rateLimited: (code) => limited.inc({ code }),
    setSources(next) {
      sources = next;
    },
    text: () => registry.metrics(),
  };
}
