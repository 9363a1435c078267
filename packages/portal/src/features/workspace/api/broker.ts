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
import { type ApiAnswer, apiRequest } from '../../../lib/api.ts';

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

function required<T>(answer: ApiAnswer<T>): T {
  if (answer.data === undefined) throw new Error('The answer had no data');
  return answer.data;
}

export async function listLeads(params: LeadListParams): Promise<BrokerLeadList> {
  const query: Record<string, string | number | undefined> = {
    page: params.page,
    limit: params.limit,
    status: params.status,
    sortBy: params.sortBy,
    sortType: params.sortType,
    search: params.search || undefined,
    consultantUID: params.consultantUID || undefined,
    overdue: params.overdue,
  };
  return required(await apiRequest<BrokerLeadList>('/consultant/leads', { query, handle: 'page' }));
}

export async function listBrokers(): Promise<BrokerOption[]> {
  return (await apiRequest<BrokerOption[]>('/consultant/brokers', { handle: 'page' })).data ?? [];
}

export async function getLead(id: string): Promise<BrokerLeadDetail> {
  return required(await apiRequest<BrokerLeadDetail>(leadPath(id), { handle: 'page' }));
}

/** A write's answer: the server's success text and what it sent back. */
export interface Written<T> {
  message: string | undefined;
  data: T;
}

async function write<T>(
  path: string,
  method: 'POST' | 'PUT' | 'PATCH',
  body: Record<string, unknown>,
): Promise<Written<T>> {
  const answer = await apiRequest<T>(path, { method, body, handle: 'page' });
  return { message: answer.message, data: required(answer) };
}

/** The market analysis form sends what the broker typed: dollars as strings, '' for none. */
export type MarketAnalysisInput = {
  value: string;
  low: string;
  high: string;
  ownerNotes: string;
  expectedTimeline: string;
};

export const saveMarketAnalysis = (id: string, body: MarketAnalysisInput) =>
  write<BrokerLeadDetail>(`${leadPath(id)}/marketAnalysis`, 'PUT', { ...body });

export interface TimelineEntryInput {
  kind: string;
  occurredAt: string;
  channel?: string | null;
  amount?: string;
  note: string;
  buyerVisible: boolean;
}

export const addTimelineEntry = (id: string, body: TimelineEntryInput) =>
  write<TimelineEntry>(`${leadPath(id)}/timeline`, 'POST', { ...body });

export const decideOpportunity = (opportunityId: string, body: DecideOpportunityBody) =>
  write<BrokerLeadDetail>(`/consultant/opportunities/${encodeURIComponent(opportunityId)}`, 'PATCH', {
    ...body,
  });

export type CloseInput =
  | { outcome: 'sold'; soldDate: string; soldPrice: string }
  | { outcome: 'canceled' | 'declined'; reason: string };

export const closeLead = (id: string, body: CloseInput) =>
  write<BrokerLeadDetail>(`${leadPath(id)}/close`, 'POST', { ...body });

export const assignLead = (id: string, body: AssignLeadBody) =>
  write<BrokerLeadDetail>(`${leadPath(id)}/assign`, 'PATCH', { ...body });
