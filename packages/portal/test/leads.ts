import type { Lead } from '@domain-broker/shared/schemas/leads';

/**
 * A lead as GET /api/getMyLeads answers it, for component tests: unpaid by default ('pending', no
 * payment, no broker); each test states what differs.
 */
export function makeLead(over: Partial<Lead> = {}): Lead {
  return {
    UID: 'lead-1',
    domainName: 'wanted.com',
    offerAmount: '5000',
    status: 'pending',
    createdAt: '2026-11-20T10:00:00.000Z',
    soldDate: null,
    paidAt: null,
    refundableUntil: null,
    payments: [],
    consultant: null,
    consultantUID: null,
    brokerTermsAgreedAt: null,
    opportunities: [],
    isSurveyCompleted: false,
    questionsAny: '',
    preferredContact: null,
    preferText: false,
    preferredTime: null,
    beSeen: false,
    email: 'ann@example.com',
    phone: '',
    deadLine: null,
    marketAnalysis: '',
    closeUID: '',
    referrerURL: '',
    referralURL: '',
    formName: '',
    userInterested: null,
    registrarUID: null,
    ...over,
  };
}

/** A JSON answer as the server sends it. */
export const jsonResponse = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
