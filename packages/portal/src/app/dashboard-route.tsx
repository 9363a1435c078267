import { effectiveRoles } from '@domain-broker/shared/roles';
import { lazy } from 'react';
import { ensureCatalog } from '../lib/i18n.ts';
import { useSession } from '../lib/session.ts';
import { usePagePath } from './app-routes.tsx';

/**
 * /dashboard by account (spec §2 "Dashboard"; decision B8): admins and consultants get the staff
 * workspace (features/workspace) and its lead pages at /dashboard/leads/{id}, everyone else the
 * dashboard feature. Each side downloads with its catalog only when it is drawn, so neither adds to the
 * other's load nor to the shell's.
 */
const withCatalog = <M,>(load: Promise<M>, catalog: 'workspace' | 'dashboard') =>
  Promise.all([load, ensureCatalog(catalog)]).then(([m]) => m);
const Workspace = lazy(() => withCatalog(import('../features/workspace/workspace-page.tsx'), 'workspace'));
const LeadPage = lazy(() => withCatalog(import('../features/workspace/lead-page.tsx'), 'workspace'));
const Dashboard = lazy(() => withCatalog(import('../features/dashboard/dashboard-page.tsx'), 'dashboard'));

export default function DashboardRoute() {
  const path = usePagePath();
  const roles = effectiveRoles(useSession((s) => s.profile)?.roles);
  // the lead page says itself that it is for staff only
  if (path.toLowerCase().startsWith('/dashboard/leads/')) return <LeadPage />;
  const staff = roles.includes('Admin') || roles.includes('Consultant');
  return staff ? <Workspace /> : <Dashboard />;
}
