import { ERRORS } from '@domain-broker/shared/errors';
import type { Lead } from '@domain-broker/shared/schemas/leads';
import { describe, expect, it } from 'vitest';
import { makeLead } from '#portal/test/leads.ts';
import { SERVER_TEXTS } from './messages.ts';
import { buyerAccess, buyOutcome, type DestinationContext, destinationAfterSignIn } from './rules.ts';

const lead = (over: Partial<Lead> = {}): Lead =>
  makeLead({ UID: 'l1', offerAmount: '2500', email: '', closeUID: 'c1', ...over });
const paid = (over: Partial<Lead> = {}) =>
  lead({
    status: 'new',
    paidAt: '2026-11-20T11:00:00.000Z',
    payments: [{ UID: 'p1', status: 'succeeded', amountPaid: 19.95, createdAt: '2026-11-20T11:00:00.000Z' }],
    ...over,
  });

const buyer: DestinationContext = { access: 'allowed', dashboardExists: true, fallback: '/appraisal' };

describe('where a sign-in goes (decision A9)', () => {
  it('no lead: the dashboard', () => {
    expect(destinationAfterSignIn([], buyer)).toEqual({ path: '/dashboard' });
  });

  it('a paid lead with the survey done: the dashboard', () => {
    expect(destinationAfterSignIn([paid({ isSurveyCompleted: true })], buyer)).toEqual({
      path: '/dashboard',
    });
  });

  it('a paid lead without the survey: the agent page', () => {
    expect(destinationAfterSignIn([paid()], buyer)).toEqual({ path: '/agent-details-questions' });
  });

  it('a succeeded payment counts as paid even before the paid time is filled in', () => {
    const p = paid({ paidAt: null });
    expect(destinationAfterSignIn([p], buyer).path).toBe('/agent-details-questions');
  });

  it('an unpaid lead: the checkout', () => {
    const failed = { UID: 'p0', status: 'failed', amountPaid: 19.95, createdAt: '2026-11-20T11:00:00.000Z' };
    expect(destinationAfterSignIn([lead()], buyer)).toEqual({ path: '/hire-consultant' });
    expect(destinationAfterSignIn([lead({ payments: [failed] })], buyer)).toEqual({
      path: '/hire-consultant',
    });
  });

  it('the first lead (the newest) is the current one', () => {
    expect(destinationAfterSignIn([lead(), paid({ isSurveyCompleted: true })], buyer).path).toBe(
      '/hire-consultant',
    );
    expect(destinationAfterSignIn([paid(), lead()], buyer).path).toBe('/agent-details-questions');
  });

  it('a lead that has ended leaves nothing to continue: the dashboard', () => {
    for (const status of ['sold', 'refunded', 'canceled'] as const) {
      expect(destinationAfterSignIn([paid({ status })], buyer).path).toBe('/dashboard');
    }
  });

  it('the fallback stands in for the dashboard until that screen exists', () => {
    const early = { ...buyer, dashboardExists: false };
    expect(destinationAfterSignIn([], early).path).toBe('/appraisal');
    expect(destinationAfterSignIn([paid({ isSurveyCompleted: true })], early).path).toBe('/appraisal');
    expect(destinationAfterSignIn([lead()], early).path).toBe('/hire-consultant');
  });

  it('an investor is refused the dashboard and the hire flow, whatever the leads', () => {
    const investor = { ...buyer, access: 'investor' as const };
    for (const leads of [[], [lead()], [paid()]]) {
      expect(destinationAfterSignIn(leads, investor)).toEqual({ path: '/appraisal', refused: 'investor' });
    }
  });

  it('staff and registrars signing in here are not sent to buyer pages', () => {
    expect(destinationAfterSignIn([lead()], { ...buyer, access: 'notBuyer' })).toEqual({
      path: '/appraisal',
    });
  });
});

describe('what a budget becomes (decision A13)', () => {
  it('500 USD or more is a lead', () => {
    expect(buyOutcome('500', false)).toBe('lead');
    expect(buyOutcome('2500.50', true)).toBe('lead');
  });

  it('under 500, or none, is a direct enquiry', () => {
    expect(buyOutcome('499.99', false)).toBe('enquiry');
    expect(buyOutcome('300', false)).toBe('enquiry');
    expect(buyOutcome('', false)).toBe('enquiry');
  });

  it("under 500 from a registrar's visitor is the 'Insufficient Budget' window", () => {
    expect(buyOutcome('300', true)).toBe('lowBudget');
    expect(buyOutcome('', true)).toBe('lowBudget');
  });
});

describe('who may enter the buy flow (decision A24)', () => {
  it('buyers and users without roles may', () => {
    expect(buyerAccess(['Buyer'], null)).toBe('allowed');
    expect(buyerAccess(['Buyer', 'Seller'], 'buy')).toBe('allowed');
  });

  it('investors may not', () => {
    expect(buyerAccess(['Buyer'], 'Investor')).toBe('investor');
  });

  it('staff and registrars are asked to sign in as a user', () => {
    for (const role of ['Admin', 'Consultant', 'Registrar'] as const) {
      expect(buyerAccess(['Buyer', role], null)).toBe('notBuyer');
    }
  });
});

describe('the server texts the flow translates', () => {
  it("are the error catalogue's", () => {
    for (const [code, text] of Object.entries(SERVER_TEXTS)) {
      expect(ERRORS[code as keyof typeof SERVER_TEXTS].message).toBe(text);
    }
  });
});
