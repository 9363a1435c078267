/**
 * The Estibot Category tab's calls (packages/server/src/modules/exhibit-conditions/routes.ts): the one
 * table of keyword categories (ExhibitB) and a change of one category's percentage.
 */
import type { ExhibitCondition } from '@domain-broker/shared/schemas/appraisal';
import { apiRequest } from '../../../lib/api.ts';
import type { Written } from './broker.ts';

export async function listCategories(): Promise<ExhibitCondition[]> {
  return (await apiRequest<ExhibitCondition[]>('/exhibitConditions/ExhibitB', { handle: 'page' })).data ?? [];
}

export async function updateCategory(
  id: string,
  percentage: number,
): Promise<Written<ExhibitCondition | undefined>> {
  const answer = await apiRequest<ExhibitCondition>(`/exhibitConditions/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: { description: percentage },
    handle: 'page',
  });
  return { message: answer.message, data: answer.data };
}
