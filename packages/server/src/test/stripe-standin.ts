/**
 * A local stand-in for the parts of Stripe's API the checkout uses (PaymentIntents, Refunds, Balance
 * Transactions), speaking Stripe's wire format (form-encoded requests, JSON answers, Idempotency-Key
 * replays, 402 card errors carrying the PaymentIntent) on 127.0.0.1, so stripe-node is tested without
 * the network. Test cards behave as in Stripe's test mode (lib/payments/test-cards.ts).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Scenario, TEST_PAYMENT_METHODS } from '../lib/payments/test-cards.ts';

type Json = Record<string, unknown>;

export interface StripeStandIn {
  url: string;
  /** Every request: method, path, idempotency key, parsed form. */
  requests: {
    method: string;
    path: string;
    idempotencyKey?: string;
    form: Record<string, string>;
    /** The query string (GET lists: created[gte], type, starting_after, ...). */
    query: Record<string, string>;
  }[];
  intents: Map<string, Json>;
  /** The next `n` requests answer 500 (stripe-node retries them with the same idempotency key). */
  failNext(n: number): void;
  /** What the card holder's 3-D Secure challenge does to a requires_action intent. */
  authenticate(id: string, outcome: 'complete' | 'fail'): void;
  /** How many charges were really made (not replays). */
  charges(): number;
  close(): Promise<void>;
}

function parseForm(body: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of new URLSearchParams(body)) out[k] = v;
  return out;
}

const prefixed = (form: Record<string, string>, prefix: string) =>
  Object.fromEntries(
    Object.entries(form)
      .filter(([k]) => k.startsWith(`${prefix}[`))
      .map(([k, v]) => [k.slice(prefix.length + 1, -1), v]),
  );

const expands = (form: Record<string, string>, query: URLSearchParams) => [
  ...Object.entries(form)
    .filter(([k]) => k.startsWith('expand['))
    .map(([, v]) => v),
  ...query.getAll('expand[]'),
  ...[...query.entries()].filter(([k]) => /^expand\[\d+\]$/.test(k)).map(([, v]) => v),
];

const error = (status: number, e: Json) => ({ status, body: { error: e } });
const missing = (param: string, message: string) =>
  error(param === 'payment_method' ? 400 : 404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    param,
    message,
  });

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const intents = new Map<string, Json>();
  const scenarios = new Map<string, Scenario>();
  const refunds = new Map<string, Json>();
  const balance: Json[] = [];
  const replays = new Map<string, { hash: string; status: number; body: Json }>();
  const requests: StripeStandIn['requests'] = [];
  let failures = 0;
  let seq = 0;
  let charges = 0;
  const nextId = (p: string) => `${p}_standin${String(++seq).padStart(6, '0')}`;
  const now = () => Math.floor(Date.now() / 1000);

  const view = (pi: Json, expand: string[]) => {
    const pmId = pi.payment_method as string;
    const scenario = TEST_PAYMENT_METHODS[pmId];
    return expand.includes('payment_method')
      ? {
          ...pi,
          payment_method: {
            id: pmId,
            object: 'payment_method',
            card: scenario ? { brand: scenario.brand, last4: scenario.last4 } : null,
          },
        }
      : pi;
  };

  const settle = (pi: Json, outcome: Scenario['outcome']) => {
    if (outcome.kind === 'succeed') {
      pi.status = 'succeeded';
      pi.amount_received = pi.amount;
      pi.last_payment_error = null;
      pi.next_action = null;
      charges++;
      const amount = pi.amount as number;
      const fee = Math.round(amount * 0.029) + 30;
      balance.push({
        id: nextId('txn'),
        object: 'balance_transaction',
        type: 'charge',
        amount,
        fee,
        net: amount - fee,
        currency: 'usd',
        created: now(),
        description: pi.description ?? null,
        source: { id: `ch_${(pi.id as string).slice(3)}`, object: 'charge', payment_intent: pi.id },
      });
    } else {
      pi.status = 'requires_payment_method';
      pi.next_action = null;
      pi.last_payment_error = {
        type: 'card_error',
        code: outcome.error.code,
        decline_code: outcome.error.declineCode,
        message: outcome.error.message,
      };
    }
  };

  function createIntent(form: Record<string, string>, expand: string[]) {
    const pmId = form.payment_method ?? '';
    const scenario = TEST_PAYMENT_METHODS[pmId];
    if (!scenario) return missing('payment_method', `No such PaymentMethod: '${pmId}'`);
    const id = nextId('pi');
    const pi: Json = {
      id,
      object: 'payment_intent',
      amount: Number(form.amount),
      amount_received: 0,
      currency: form.currency,
      status: 'requires_confirmation',
      client_secret: `${id}_secret_standin`,
      created: now(),
      description: form.description ?? null,
      livemode: false,
      metadata: prefixed(form, 'metadata'),
      payment_method: pmId,
      last_payment_error: null,
      next_action: null,
    };
    intents.set(id, pi);
    scenarios.set(id, scenario);
    if (scenario.authenticate) {
      pi.status = 'requires_action';
      pi.next_action = { type: 'use_stripe_sdk', use_stripe_sdk: {} };
      return { status: 200, body: view(pi, expand) };
    }
    settle(pi, scenario.outcome);
    if (pi.status === 'succeeded') return { status: 200, body: view(pi, expand) };
    const e = pi.last_payment_error as Json;
    return error(402, { ...e, payment_intent: view(pi, expand) });
  }

  function createRefund(form: Record<string, string>) {
    const pi = intents.get(form.payment_intent ?? '');
    if (!pi) return missing('payment_intent', `No such payment_intent: '${form.payment_intent}'`);
    if (pi.status !== 'succeeded')
      return error(400, {
        type: 'invalid_request_error',
        code: 'charge_not_refundable',
        message: `This PaymentIntent (${pi.id}) does not have a successful charge to refund.`,
      });
    const done = [...refunds.values()]
      .filter((r) => r.payment_intent === pi.id)
      .reduce((s, r) => s + (r.amount as number), 0);
    const remaining = (pi.amount as number) - done;
    if (remaining === 0)
      return error(400, {
        type: 'invalid_request_error',
        code: 'charge_already_refunded',
        message: `Charge ch_${(pi.id as string).slice(3)} has already been refunded.`,
      });
    const amount = form.amount ? Number(form.amount) : remaining;
    const r: Json = {
      id: nextId('re'),
      object: 'refund',
      amount,
      currency: 'usd',
      payment_intent: pi.id,
      status: 'succeeded',
      reason: form.reason ?? null,
      created: now(),
      metadata: prefixed(form, 'metadata'),
    };
    refunds.set(r.id as string, r);
    balance.push({
      id: nextId('txn'),
      object: 'balance_transaction',
      type: 'refund',
      amount: -amount,
      fee: 0,
      net: -amount,
      currency: 'usd',
      created: now(),
      description: 'REFUND FOR CHARGE',
      source: { id: r.id, object: 'refund', payment_intent: pi.id },
    });
    return { status: 200, body: r };
  }

  function route(method: string, url: URL, form: Record<string, string>): { status: number; body: Json } {
    const path = url.pathname;
    const expand = expands(form, url.searchParams);
    if (method === 'POST' && path === '/v1/payment_intents') return createIntent(form, expand);
    const piMatch = /^\/v1\/payment_intents\/([\w]+)$/.exec(path);
    if (method === 'GET' && piMatch) {
      const pi = intents.get(piMatch[1] as string);
      return pi
        ? { status: 200, body: view(pi, expand) }
        : missing('intent', `No such payment_intent: '${piMatch[1]}'`);
    }
    if (method === 'POST' && path === '/v1/refunds') return createRefund(form);
    if (method === 'GET' && path === '/v1/refunds') {
      const data = [...refunds.values()].filter(
        (r) => r.payment_intent === url.searchParams.get('payment_intent'),
      );
      return { status: 200, body: { object: 'list', data, has_more: false, url: '/v1/refunds' } };
    }
    if (method === 'GET' && path === '/v1/balance_transactions') {
      const q = url.searchParams;
      const gte = Number(q.get('created[gte]') ?? 0);
      const lt = Number(q.get('created[lt]') ?? Number.MAX_SAFE_INTEGER);
      const limit = Number(q.get('limit') ?? 10);
      // Newest first, like Stripe; starting_after pages on.
      const type = q.get('type');
      let rows = balance
        .filter((b) => (b.created as number) >= gte && (b.created as number) < lt)
        .filter((b) => !type || b.type === type)
        .reverse();
      const after = q.get('starting_after');
      if (after) rows = rows.slice(rows.findIndex((b) => b.id === after) + 1);
      const data = rows
        .slice(0, limit)
        .map((b) => (expand.includes('data.source') ? b : { ...b, source: (b.source as Json).id }));
      return {
        status: 200,
        body: { object: 'list', data, has_more: rows.length > limit, url: '/v1/balance_transactions' },
      };
    }
    return error(404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${method}: ${path})`,
    });
  }

  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const form = parseForm(body);
      const key = req.headers['idempotency-key'] as string | undefined;
      requests.push({
        method: req.method ?? '',
        path: url.pathname,
        idempotencyKey: key,
        form,
        query: Object.fromEntries(url.searchParams),
      });
      const send = (status: number, json: Json) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${seq}` });
        res.end(JSON.stringify(json));
      };
      if (failures > 0) {
        failures--;
        return send(500, { error: { type: 'api_error', message: 'The stand-in failed on purpose.' } });
      }
      if (req.method === 'POST' && key) {
        const hash = `${url.pathname}?${body}`;
        const earlier = replays.get(key);
        if (earlier) {
          if (earlier.hash !== hash)
            return send(400, {
              error: {
                type: 'idempotency_error',
                message:
                  'Keys for idempotent requests can only be used with the same parameters they were first used with.',
              },
            });
          return send(earlier.status, earlier.body);
        }
        const answer = route('POST', url, form);
        replays.set(key, { hash, ...answer });
        return send(answer.status, answer.body);
      }
      const answer = route(req.method ?? 'GET', url, form);
      send(answer.status, answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    intents,
    failNext(n) {
      failures = n;
    },
    authenticate(id, outcome) {
      const pi = intents.get(id);
      const scenario = scenarios.get(id);
      if (!pi || !scenario || pi.status !== 'requires_action')
        throw new Error(`${id} is not awaiting authentication`);
      if (outcome === 'complete') settle(pi, scenario.outcome);
      else {
        pi.status = 'requires_payment_method';
        pi.next_action = null;
        pi.last_payment_error = {
          type: 'card_error',
          code: 'payment_intent_authentication_failure',
          message:
            'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
        };
      }
    },
    charges: () => charges,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
