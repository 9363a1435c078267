import { effectiveRoles } from '@domain-broker/shared/roles';
import { lazy } from 'react';
import { useSearchParams } from 'wouter';
import { withCatalog } from '../lib/i18n.ts';
import { useSession } from '../lib/session.ts';
import { usePagePath } from './app-routes.tsx';

/**
 * /dashboard by account (docs/product.md "Dashboard"; decisions A10, B8): admins and consultants get the
 * staff workspace (features/workspace) and its lead pages at /dashboard/leads/{id}; registrars their
 * affiliate dashboard (features/partner), which an admin also opens from the workspace's Registrar
 * Dashboard tab at /dashboard?view=affiliate (&registrar=UID); everyone else the dashboard feature,
 * which is the buyer dashboard, or, for an investor and a seller-only account that follows no domain,
 * the links to what that account can do (decision A23).
 * Each side downloads with its catalog only when it is drawn, so none adds to another's load nor to
 * the shell's.
 */
const Workspace = lazy(() => withCatalog(import('../features/workspace/workspace-page.tsx'), 'workspace'));
const LeadPage = lazy(() => withCatalog(import('../features/workspace/lead-page.tsx'), 'workspace'));
const Dashboard = lazy(() =>
  withCatalog(import('../features/dashboard/components/dashboard-page.tsx'), 'dashboard'),
);
const Partner = lazy(() => withCatalog(import('../features/partner/components/partner-page.tsx'), 'partner'));
const Webhooks = lazy(() =>
  withCatalog(import('../features/webhooks/components/webhooks-page.tsx'), 'webhooks'),
);

export default function DashboardRoute() {
  const path = usePagePath();
  const [params] = useSearchParams();
  const roles = effectiveRoles(useSession((s) => s.profile)?.roles);
  // the lead page says itself that it is for staff only
  if (path.toLowerCase().startsWith('/dashboard/leads/')) return <LeadPage />;
  // a registrar's signed webhooks (the page says itself that it is for registrars)
  if (path.toLowerCase() === '/dashboard/webhooks') return <Webhooks />;
  if (roles.includes('Admin') && params.get('view') === 'affiliate') return <Partner />;
  const staff = roles.includes('Admin') || roles.includes('Consultant');
  if (staff) return <Workspace />;
  return roles.includes('Registrar') ? <Partner /> : <Dashboard />;
}
