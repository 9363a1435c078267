import { effectiveRoles } from '@domain-broker/shared/roles';
import { type ComponentType, type LazyExoticComponent, lazy, Suspense, useEffect, useRef } from 'react';
import { Redirect, useLocation } from 'wouter';
import { loadNotFound } from '../features/content/routes.ts';
import { withCatalog } from '../lib/i18n.ts';
import { useOverlays } from '../lib/overlays.ts';
import { useRegistrarDetail } from '../lib/registrar.ts';
import { useSession } from '../lib/session.ts';
import styles from './layout.module.css';
import { homePath, isRegistrarUser } from './menu.ts';
import { RouteErrorBoundary, RouteLoading } from './page-state.tsx';
import { findRoute, type RouteDef } from './route-table.ts';

const lazyPages = new Map<RouteDef['load'], LazyExoticComponent<ComponentType>>();

/** One lazy component per route module; pages of the content feature bring their catalog along. */
export function lazyPage(
  load: RouteDef['load'],
  catalog?: RouteDef['catalog'],
): LazyExoticComponent<ComponentType> {
  let page = lazyPages.get(load);
  if (!page) {
    page = lazy(() => (catalog ? withCatalog(load(), catalog) : load()));
    lazyPages.set(load, page);
  }
  return page;
}

const NotFound = lazyPage(loadNotFound, 'content');

/**
 * The path whose page is drawn. While the sign-in window is open the address bar says /login but the
 * page it was opened over stays behind it.
 */
export function usePagePath(): string {
  const [location] = useLocation();
  const background = useOverlays((s) => s.open.login?.background);
  return background !== undefined && location === '/login' ? background.split('?')[0]! : location;
}

/** Closes the sign-in window when the address leaves /login (the back button). */
export function useLoginWindowFollowsHistory(): void {
  const [location] = useLocation();
  const previous = useRef(location);
  useEffect(() => {
    const was = previous.current;
    previous.current = location;
    if (was === '/login' && location !== '/login') useOverlays.getState().closeOverlay('login');
  }, [location]);
}

export function AppRoutes() {
  const path = usePagePath();
  const [location] = useLocation();
  const signedIn = useSession((s) => s.token !== null);
  const profile = useSession((s) => s.profile);
  const registrarDetailsPresent = useRegistrarDetail() !== null;
  useLoginWindowFollowsHistory();
  let route = findRoute(path);
  // a session that ended on a private page (401): the sign-in window opens over the home page, since
  // redirecting from behind the window would close it
  if (route?.private && !signedIn && path !== location) route = findRoute('/');
  const roles = signedIn ? effectiveRoles(profile?.roles) : [];
  // a signed-in registrar's home is their dashboard, and the buyer sign-in page is never theirs (A10)
  const registrarHome = isRegistrarUser(signedIn, roles) && (route?.path === '/' || route?.path === '/login');
  // `/` is the registrar landing page with stored registrar details (docs/product.md "Menu and overlays")
  if (route?.path === '/' && !registrarHome) {
    route = findRoute(homePath({ signedIn, roles, registrarDetailsPresent })) ?? route;
  }

  let content: React.ReactNode;
  if (registrarHome) {
    content = <Redirect to="/dashboard" replace />;
  } else if (!route) {
    content = path !== location ? null : <NotFound />;
  } else if (route.private && !signedIn) {
    content = <Redirect to="/" replace />;
  } else {
    const Page = lazyPage(route.load, route.catalog);
    content = <Page />;
  }
  return (
    <main id="main" tabIndex={-1} className={`${styles.main} ${route?.hideFrame ? '' : styles.frame}`}>
      <RouteErrorBoundary resetKey={path}>
        <Suspense fallback={<RouteLoading />}>{content}</Suspense>
      </RouteErrorBoundary>
    </main>
  );
}
