/**
 * The app, wiring only: createApp(deps) builds the services (buildServices, src/services.ts) and mounts
 * the routes over them (mountRoutes). Every rule lives in a module's service.
 */

import { randomUUID } from 'node:crypto';
import { AppError, ERRORS } from '@domain-broker/shared/errors';
import { HealthSchema } from '@domain-broker/shared/schemas/meta';
import { sql } from 'drizzle-orm';
import { type Context, Hono } from 'hono';
import { compress } from 'hono/compress';
import { routePath } from 'hono/route';
import { isDatabaseError, isDatabaseUnavailable } from './db/errors.ts';
import type { AppDeps, AppEnv, Services } from './deps.ts';
import { bodyLimits } from './lib/body-limit.ts';
import { mailCatalogueRoutes, mailRoutes } from './lib/mail/index.ts';
import { describeRoute } from './lib/openapi.ts';
import { isSandbox } from './lib/payments/index.ts';
import { RateLimitedError } from './lib/rate-limit.ts';
import { type HeaderList, setDefaultHeaders } from './lib/response-headers.ts';
import { serveSpa } from './lib/static.ts';
import { appraisalRoutes } from './modules/appraisal/routes.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { availabilityRoutes } from './modules/availability/routes.ts';
import { consultantRoutes } from './modules/consultant/routes.ts';
import { contactRoutes } from './modules/contact/routes.ts';
import { ebookRoutes } from './modules/ebook/routes.ts';
import { enquiryRoutes } from './modules/enquiries/routes.ts';
import { exhibitConditionRoutes } from './modules/exhibit-conditions/routes.ts';
import { filesRoutes } from './modules/files/routes.ts';
import { jobsAdminRoutes } from './modules/jobs-admin/routes.ts';
import { leadRoutes } from './modules/leads/routes.ts';
import { locationRoutes } from './modules/location/routes.ts';
import { mailPreferenceRoutes } from './modules/mail-preferences/routes.ts';
import { manualAppraisalRoutes } from './modules/manual-appraisal/routes.ts';
import { metricsHandler } from './modules/metrics/routes.ts';
import { openapiRoutes } from './modules/openapi/routes.ts';
import { opportunityRoutes } from './modules/opportunities/routes.ts';
import { paymentRoutes, sandboxPaymentRoutes } from './modules/payments/routes.ts';
import { profileRoutes } from './modules/profile/routes.ts';
import { promoRoutes } from './modules/promo/routes.ts';
import { publicConfigRoutes } from './modules/public-config/routes.ts';
import { reconciliationRoutes } from './modules/reconciliation/routes.ts';
import { registrarRoutes } from './modules/registrar/routes.ts';
import { registrarLedgerRoutes } from './modules/registrar-ledger/routes.ts';
import { rolesRoutes } from './modules/roles/routes.ts';
import { sellerDomainAdminRoutes } from './modules/selling/admin-routes.ts';
import { sellingRoutes } from './modules/selling/routes.ts';
import { usersRoutes } from './modules/users/routes.ts';
import { webhookRoutes } from './modules/webhooks/routes.ts';
import { widgetRoutes } from './modules/widget/routes.ts';
import { buildServices } from './services.ts';

/** The base policy: no inline script, no eval; inline styles only because toast and Google's button inject them. */
export const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: https:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const originOf = (url: string | undefined) => {
  try {
    return url ? new URL(url).origin : undefined;
  } catch {
    return undefined;
  }
};

/**
 * The policy for this deployment: the base, plus exactly the third-party origins that are configured
 * (Google Identity Services when GOOGLE_CLIENT_ID is set, Turnstile when a captcha key is, the review
 * widget's origin when REVIEW_WIDGET_URL is, Stripe.js with its frames and API when Stripe takes the
 * payments). Still no inline script and no eval.
 */
export function contentSecurityPolicy(config: AppDeps['config']): string {
  const extra: Record<string, string[]> = {
    'script-src': [],
    'frame-src': [],
    'connect-src': [],
    'style-src': [],
  };
  if (config.googleClientId) {
    extra['script-src']!.push('https://accounts.google.com/gsi/client');
    extra['frame-src']!.push('https://accounts.google.com/gsi/');
    extra['connect-src']!.push('https://accounts.google.com/gsi/');
    extra['style-src']!.push('https://accounts.google.com/gsi/style');
  }
  if (config.captcha?.siteKey) {
    extra['script-src']!.push('https://challenges.cloudflare.com');
    extra['frame-src']!.push('https://challenges.cloudflare.com');
  }
  if (config.payments.provider === 'stripe') {
    // Stripe.js and its card and 3-D Secure frames (the checkout loads it on /hire-consultant only)
    extra['script-src']!.push('https://js.stripe.com');
    extra['frame-src']!.push('https://js.stripe.com', 'https://hooks.stripe.com');
    extra['connect-src']!.push('https://api.stripe.com');
  }
  const review = originOf(config.reviewWidgetUrl);
  if (review) {
    extra['script-src']!.push(review);
    extra['frame-src']!.push(review);
  }
  const directives = CSP.split('; ').map((d) => {
    const name = d.split(' ')[0] as string;
    const more = extra[name];
    return more?.length ? `${d} ${more.join(' ')}` : d;
  });
  if (extra['frame-src']!.length) directives.push(`frame-src 'self' ${extra['frame-src']!.join(' ')}`);
  return directives.join('; ');
}

/** The sign-in routes: a 4xx from one of them is a refused sign-in (the metrics count them). */
const SIGN_IN_ROUTES = new Set(['/api/login', '/api/socialLogin', '/api/oneTabLogin', '/api/linkedinLogin']);

/**
 * The request's route template (`/api/leads/:id`) for logs and metrics, never its path: a path would
 * make a label per visitor. A request no route answered is `unmatched`.
 */
function routeLabel(c: Context<AppEnv>): string {
  let route: string;
  try {
    route = routePath(c);
  } catch {
    return 'unmatched';
  }
  return !route || ((route === '*' || route === '/*') && c.res.status === 404) ? 'unmatched' : route;
}

/** The app over the services built from `deps` (src/services.ts), its routes mounted. */
export function createApp(deps: AppDeps) {
  return mountRoutes(buildServices(deps), deps);
}

/** What the mounted app takes besides the services: where its files are, and the database check. */
export type MountOptions = Pick<AppDeps, 'ping' | 'widgetDir' | 'staticDir'>;

/**
 * The Hono app: the request log, the default headers, the body limits, compression, the error
 * answers, and every module's routes under /api (the widget's and the portal's files outside it).
 */
export function mountRoutes(services: Services, opts: MountOptions = {}) {
  const ping =
    opts.ping ??
    (async () => {
      try {
        await services.db.execute(sql`select 1`);
        return true;
      } catch {
        return false;
      }
    });
  const log = services.logger;
  const app = new Hono<AppEnv>();
  const csp = contentSecurityPolicy(services.config);
  // Browsers that once reached us over https never try plain http again (docs/operations.md).
  const hsts = services.config.isProduction && services.config.publicUrl.startsWith('https://');
  // Every answer's headers, set before the handler runs so a route may replace or drop one (the
  // widget's frame pages set their own CSP and drop the framing ban; cacheable API answers set their
  // own Cache-Control). lib/response-headers.ts says why they bypass Hono's Headers behind Node.
  const pageHeaders: HeaderList = [
    ['Content-Security-Policy', csp],
    ['X-Frame-Options', 'DENY'],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
    ['X-Content-Type-Options', 'nosniff'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ...(hsts ? ([['Strict-Transport-Security', 'max-age=31536000; includeSubDomains']] as const) : []),
  ];
  const apiHeaders: HeaderList = [...pageHeaders, ['Cache-Control', 'no-store']];

  app.use(async (c, next) => {
    const started = performance.now();
    const incoming = c.req.header('x-request-id');
    const requestId = incoming && /^[\w.-]{1,64}$/.test(incoming) ? incoming : randomUUID();
    c.set('requestId', requestId);
    c.set('services', services);
    setDefaultHeaders(c, c.req.path.startsWith('/api/') ? apiHeaders : pageHeaders);
    setDefaultHeaders(c, [['X-Request-Id', requestId]]);
    await next();
    const route = routeLabel(c);
    const status = c.res.status;
    const seconds = (performance.now() - started) / 1000;
    services.metrics.request(c.req.method, route, status, seconds);
    if (SIGN_IN_ROUTES.has(route) && status >= 400 && status < 500 && status !== 429)
      services.metrics.signInFailure(route);
    log.info(
      { requestId, method: c.req.method, route, status, durationMs: Math.round(seconds * 10_000) / 10 },
      'request',
    );
  });

  app.use(bodyLimits());

  // Files (the portal's scripts and styles, the frame, the loader) and the OpenAPI document go out
  // gzipped when the client accepts it, and caches keep one copy per encoding. API answers are a few
  // hundred bytes: compressing them would cost more than it saves.
  const gzip = compress();
  app.use(async (c, next) => {
    const path = c.req.path;
    if (path.startsWith('/api/') && path !== '/api/openapi.json') return next();
    await gzip(c, next);
    if (c.res.headers.has('content-encoding')) c.header('Vary', 'Accept-Encoding', { append: true });
  });

  app.onError((err, c) => {
    if (err instanceof AppError) {
      if (err instanceof RateLimitedError) c.header('Retry-After', String(err.retryAfterSeconds));
      if (err.status === 429) services.metrics.rateLimited(err.code);
      return c.json(err.toJSON(), err.status as 400);
    }
    if (isDatabaseUnavailable(err)) {
      services.metrics.databaseError('unavailable');
      log.warn({ err, requestId: c.get('requestId'), route: routeLabel(c) }, 'database unavailable');
      c.header('Retry-After', '5');
      return c.json({ message: ERRORS.SERVICE_UNAVAILABLE.message, code: 'SERVICE_UNAVAILABLE' }, 503);
    }
    if (isDatabaseError(err)) services.metrics.databaseError('query');
    log.error(
      { err, requestId: c.get('requestId'), method: c.req.method, route: routeLabel(c), path: c.req.path },
      'unhandled error',
    );
    return c.json({ message: ERRORS.INTERNAL.message, code: 'INTERNAL' }, 500);
  });

  app.notFound((c) => c.json({ message: ERRORS.NOT_FOUND.message, code: 'NOT_FOUND' }, 404));

  const api = new Hono<AppEnv>();
  api.get(
    '/health',
    describeRoute({
      operationId: 'health',
      summary: 'Health: checks the database (SELECT 1).',
      tags: ['meta'],
      responses: {
        200: {
          description: 'Up',
          data: HealthSchema,
        },
      },
      errors: ['SERVICE_UNAVAILABLE'],
    }),
    async (c) => {
      const ok = await ping();
      return ok
        ? c.json({ data: { status: 'ok' } })
        : c.json({ message: ERRORS.SERVICE_UNAVAILABLE.message, code: 'SERVICE_UNAVAILABLE' }, 503);
    },
  );
  api.route('/', authRoutes());
  api.route('/', profileRoutes());
  api.route('/', rolesRoutes());
  api.route('/', locationRoutes());
  api.route(
    '/',
    openapiRoutes(() => app.routes),
  );
  api.route('/', appraisalRoutes());
  api.route('/', manualAppraisalRoutes());
  api.route('/', exhibitConditionRoutes());
  api.route('/', registrarRoutes());
  api.route('/', registrarLedgerRoutes());
  api.route('/', availabilityRoutes());
  api.route('/', publicConfigRoutes());
  api.route('/', filesRoutes());
  api.route('/', leadRoutes());
  api.route('/', opportunityRoutes());
  api.route('/', consultantRoutes());
  api.route('/', usersRoutes());
  api.route('/', ebookRoutes());
  api.route('/', promoRoutes());
  api.route('/', paymentRoutes());
  if (isSandbox(services.payments)) api.route('/', sandboxPaymentRoutes());
  api.route('/', enquiryRoutes());
  api.route('/', contactRoutes());
  api.route('/', sellingRoutes());
  api.route('/', sellerDomainAdminRoutes());
  api.route('/', reconciliationRoutes());
  api.route('/', mailPreferenceRoutes());
  api.route('/', webhookRoutes());
  api.route('/', jobsAdminRoutes());
  if (services.config.mailTransport === 'outbox' && !services.config.isProduction) {
    api.route('/', mailRoutes(services.db, services.config));
    api.route('/', mailCatalogueRoutes(services.db, services.config.publicUrl));
  }
  app.route('/api', api);
  app.get('/metrics', metricsHandler);
  app.route('/', widgetRoutes(opts.widgetDir));

  const staticDir = opts.staticDir ?? services.config.staticDir;
  if (staticDir) app.use('*', serveSpa(staticDir));
  return app;
}

export type App = ReturnType<typeof createApp>;
