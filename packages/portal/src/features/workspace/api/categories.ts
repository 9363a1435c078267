/**
 * The Estibot Category tab's calls (packages/server/src/modules/exhibit-conditions/routes.ts): the one
 * table of keyword categories (ExhibitB) and a change of one category's percentage.
 */
import type { ExhibitCondition } from '@domain-broker/shared/schemas/appraisal';
import { pageList, pageWrite } from '#portal/lib/page-api.ts';

export const listCategories = () => pageList<ExhibitCondition>('/exhibitConditions/ExhibitB');

export const updateCategory = (id: string, percentage: number) =>
  pageWrite<ExhibitCondition>('PATCH', `/exhibitConditions/${encodeURIComponent(id)}`, {
    description: percentage,
  });
