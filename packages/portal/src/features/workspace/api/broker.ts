/**
 * The broker workspace's calls (packages/shared/src/schemas/broker.ts lists every path). Each one lets
 * the page show the server's message where the action happened (`handle: 'page'`): the shell keeps
 * only an ended session, the blocked country and the robot page.
 */
import type {
  AssignLeadBody,
  BrokerLeadDetail,
  BrokerLeadList,
  BrokerOption,
  DecideOpportunityBody,
  TimelineEntry,
} from '@domain-broker/shared/schemas/broker';
import { pageData, pageList, pageRecord } from '#portal/lib/page-api.ts';

/** The list's query as the server reads it (strings, as in the URL). */
export interface LeadListParams {
  search?: string | undefined;
  page: number;
  limit: number;
  status: string;
  consultantUID?: string | undefined;
  overdue?: 'true' | undefined;
  sortBy: string;
  sortType: 'ASC' | 'DESC';
}

const leadPath = (id: string) => `/consultant/leads/${encodeURIComponent(id)}`;

export async function listLeads(params: LeadListParams): Promise<BrokerLeadList> {
  return pageData<BrokerLeadList>('/consultant/leads', {
    ...params,
    search: params.search || undefined,
    consultantUID: params.consultantUID || undefined,
  });
}

export const listBrokers = () => pageList<BrokerOption>('/consultant/brokers');

export const getLead = (id: string) => pageData<BrokerLeadDetail>(leadPath(id));

/** The market analysis form sends what the broker typed: dollars as strings, '' for none. */
export type MarketAnalysisInput = {
  value: string;
  low: string;
  high: string;
  ownerNotes: string;
  expectedTimeline: string;
};

export const saveMarketAnalysis = (id: string, body: MarketAnalysisInput) =>
  pageRecord<BrokerLeadDetail>('PUT', `${leadPath(id)}/marketAnalysis`, { ...body });

export interface TimelineEntryInput {
  kind: string;
  occurredAt: string;
  channel?: string | null;
  amount?: string;
  note: string;
  buyerVisible: boolean;
}

export const addTimelineEntry = (id: string, body: TimelineEntryInput) =>
  pageRecord<TimelineEntry>('POST', `${leadPath(id)}/timeline`, { ...body });

export const decideOpportunity = (opportunityId: string, body: DecideOpportunityBody) =>
  pageRecord<BrokerLeadDetail>('PATCH', `/consultant/opportunities/${encodeURIComponent(opportunityId)}`, {
    ...body,
  });

export type CloseInput =
  | { outcome: 'sold'; soldDate: string; soldPrice: string }
  | { outcome: 'canceled' | 'declined'; reason: string };

export const closeLead = (id: string, body: CloseInput) =>
  pageRecord<BrokerLeadDetail>('POST', `${leadPath(id)}/close`, { ...body });

export const assignLead = (id: string, body: AssignLeadBody) =>
  pageRecord<BrokerLeadDetail>('PATCH', `${leadPath(id)}/assign`, { ...body });
