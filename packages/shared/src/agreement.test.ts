import { describe, expect, it } from 'vitest';
import { addMonths, agreementOf, agreementTerm } from './agreement.ts';
import { BUYER_TERM_DAYS } from './constants.ts';

const paidAt = '2026-01-10T12:00:00.000Z';
const at = (iso: string) => new Date(iso);

describe('agreementOf', () => {
  it('is null for an unpaid lead', () => {
    expect(agreementOf({ paidAt: null })).toBeNull();
  });

  it('runs a 120-day term from the payment, then a holdover', () => {
    const inTerm = agreementOf({ paidAt }, at('2026-02-01T00:00:00Z'));
    expect(inTerm?.termEnd.toISOString()).toBe('2026-05-10T12:00:00.000Z');
    expect(inTerm?.phase).toBe('term');
    expect(inTerm?.canStop).toBe(true);
    expect(agreementOf({ paidAt }, at('2026-06-01T00:00:00Z'))?.phase).toBe('holdover');
  });

  it('ends the term at the sale when the buyer holds the domain first', () => {
    const a = agreementOf({ paidAt, soldAt: '2026-02-01T00:00:00Z' }, at('2026-03-01T00:00:00Z'));
    expect(a?.termEnd.toISOString()).toBe('2026-02-01T00:00:00.000Z');
    expect(a?.phase).toBe('ended');
    expect(a?.canStop).toBe(false);
  });

  it('never ends the term before it starts (a sale dated on the day of payment)', () => {
    const a = agreementOf({ paidAt, soldAt: '2026-01-10T00:00:00Z' }, at('2026-01-11T00:00:00Z'));
    expect(a?.termEnd.toISOString()).toBe(paidAt);
  });

  it('a stop asked during the term takes effect when the term ends; in holdover at once', () => {
    const during = agreementOf(
      { paidAt, stopRequestedAt: '2026-02-01T00:00:00Z' },
      at('2026-02-02T00:00:00Z'),
    );
    expect(during?.serviceEnd?.toISOString()).toBe('2026-05-10T12:00:00.000Z');
    expect(during?.phase).toBe('term');
    expect(during?.canStop).toBe(false);
    const holdover = agreementOf(
      { paidAt, stopRequestedAt: '2026-07-01T00:00:00Z' },
      at('2026-07-02T00:00:00Z'),
    );
    expect(holdover?.serviceEnd?.toISOString()).toBe('2026-07-01T00:00:00.000Z');
    expect(holdover?.phase).toBe('ended');
  });

  it('keeps the commission due six months after the last communication on the buyer’s behalf', () => {
    const a = agreementOf({ paidAt, lastOnBehalfAt: '2026-08-31T09:00:00Z' }, at('2026-09-01T00:00:00Z'));
    expect(a?.tailEnd?.toISOString()).toBe('2027-02-28T09:00:00.000Z');
    expect(agreementOf({ paidAt }, at('2026-02-01T00:00:00Z'))?.tailEnd).toBeNull();
  });

  it('adds calendar months, clamped to the end of a shorter month', () => {
    expect(addMonths(at('2026-01-31T00:00:00Z'), 1).toISOString()).toBe('2026-02-28T00:00:00.000Z');
    expect(addMonths(at('2026-03-15T00:00:00Z'), 6).toISOString()).toBe('2026-09-15T00:00:00.000Z');
  });
});

describe('agreementTerm', () => {
  it('runs the initial term from the payment date, without a clock', () => {
    const term = agreementTerm({ paidAt: '2026-01-01T00:00:00.000Z' });
    expect(term?.start.toISOString()).toBe('2026-01-01T00:00:00.000Z');
    expect(term ? (term.termEnd.getTime() - term.start.getTime()) / 86_400_000 : 0).toBe(BUYER_TERM_DAYS);
  });

  it('is null for an unpaid lead or a payment date that is not a date', () => {
    expect(agreementTerm({ paidAt: null })).toBeNull();
    expect(agreementTerm({ paidAt: 'not a date' })).toBeNull();
  });

  it('ends at the sale when it comes first, never before the start', () => {
    expect(agreementTerm({ paidAt, soldAt: '2026-02-01T00:00:00Z' })?.termEnd.toISOString()).toBe(
      '2026-02-01T00:00:00.000Z',
    );
    expect(agreementTerm({ paidAt, soldAt: '2026-01-10T00:00:00Z' })?.termEnd.toISOString()).toBe(paidAt);
  });

  it('gives the dates agreementOf gives', () => {
    const input = { paidAt, soldAt: '2026-03-01T00:00:00Z' };
    const whole = agreementOf(input, at('2026-04-01T00:00:00Z'));
    expect(agreementTerm(input)).toEqual({ start: whole?.start, termEnd: whole?.termEnd });
  });
});
