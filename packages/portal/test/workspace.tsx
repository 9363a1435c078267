import type { BrokerLeadDetail, BrokerLeadRow } from '@domain-broker/shared/schemas/broker';
import { I18nProvider } from '@lingui/react';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { i18n } from '../src/lib/i18n.ts';
import { queryClient } from '../src/lib/query.tsx';

/**
 * The staff workspace's fixtures (packages/shared/src/schemas/broker.ts): a paid, open lead of a
 * direct buyer by default; each test states what differs.
 */
export function makeLeadRow(over: Partial<BrokerLeadRow> = {}): BrokerLeadRow {
  return {
    UID: 'lead-1',
    domainName: 'wanted.com',
    buyer: { UID: 'b1', name: 'Ann Buyer', email: 'ann@example.com' },
    consultant: { UID: 'c1', name: 'Bea Broker' },
    status: 'new',
    paidAt: '2026-11-20T10:00:00.000Z',
    alternatesWaiting: 0,
    daysSinceLastStep: 4,
    overdue: false,
    responseDueAt: '2026-11-24T10:00:00.000Z',
    ...over,
  };
}

export function makeLeadDetail(over: Partial<BrokerLeadDetail> = {}): BrokerLeadDetail {
  return {
    UID: 'lead-1',
    domainName: 'wanted.com',
    offerAmount: '5000',
    status: 'new',
    paidAt: '2026-11-20T10:00:00.000Z',
    createdAt: '2026-11-20T09:50:00.000Z',
    buyer: {
      UID: 'b1',
      name: 'Ann Buyer',
      email: 'ann@example.com',
      phone: '+1 415 555 0100',
      preferredContact: 'Phone',
      preferText: false,
      locale: 'en',
    },
    consultant: { UID: 'c1', name: 'Bea Broker' },
    registrarUID: null,
    survey: {
      isSurveyCompleted: true,
      questionsAny: 'Is the owner a company?',
      deadLine: '2027-01-31T00:00:00.000Z',
      preferredTime: 'Mornings',
      preferredTimeZone: null,
      beSeen: false,
    },
    marketAnalysis: { value: '', low: '', high: '', ownerNotes: '', expectedTimeline: '', updatedAt: null },
    opportunities: [],
    timeline: [],
    agreement: {
      start: '2026-11-20T10:00:00.000Z',
      termEnd: '2027-03-20T10:00:00.000Z',
      phase: 'term',
      serviceEnd: null,
      tailEnd: null,
      canStop: true,
      stopRequestedAt: null,
    },
    sale: null,
    closeReason: '',
    overdue: false,
    responseDueAt: '2026-11-24T10:00:00.000Z',
    statusHistory: [
      {
        type: 'created',
        fromStatus: null,
        toStatus: 'pending',
        actor: 'Ann Buyer',
        createdAt: '2026-11-20T09:50:00.000Z',
      },
      {
        type: 'paid',
        fromStatus: 'pending',
        toStatus: 'new',
        actor: 'Ann Buyer',
        createdAt: '2026-11-20T10:00:00.000Z',
      },
    ],
    ...over,
  };
}

/** Draws a workspace screen at a path and query, with the app's query client (the screens bring it). */
export function renderAt(ui: ReactElement, { path, search = '' }: { path: string; search?: string }) {
  queryClient.clear();
  const location = memoryLocation({ path, searchPath: search, record: true });
  const result = render(
    <I18nProvider i18n={i18n}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        {ui}
      </Router>
    </I18nProvider>,
  );
  return { ...result, location };
}
