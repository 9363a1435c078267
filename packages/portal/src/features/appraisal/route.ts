import { withCatalog } from '#portal/lib/i18n.ts';

/**
 * The /appraisal page module. Its own strings are the `appraisal` catalog (the route loads it); the
 * dialog, the form parts and the login window it opens speak from the `account` catalog, loaded here.
 */
export function loadAppraisalPage() {
  return withCatalog(import('./components/appraisal-page.tsx'), 'account');
}
