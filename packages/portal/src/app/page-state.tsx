import { Trans, useLingui } from '@lingui/react/macro';
import { Component, type ReactNode, useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { useOverlays } from '../lib/overlays.ts';
import { SESSION_KEYS } from '../lib/storage.ts';
import styles from './layout.module.css';

export function Spinner() {
  return <span className={styles.spinner} aria-hidden="true" />;
}

/** Shown while a lazy route module downloads. */
export function RouteLoading() {
  const { t } = useLingui();
  return (
    <div className={styles.routeLoading} role="status" aria-label={t`Loading`}>
      <Spinner />
    </div>
  );
}

/** The global page loader (an overlay of the store). */
export function PageLoader() {
  const open = useOverlays((s) => s.open.pageLoader !== undefined);
  const { t } = useLingui();
  if (!open) return null;
  return (
    <div className={styles.loader} role="status" aria-live="polite" aria-label={t`Loading`}>
      <Spinner />
    </div>
  );
}

/** Scroll resets to the top on every route change (docs/product.md "Menu and overlays"). */
export function ScrollToTopOnNavigate() {
  const [location] = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location]);
  return null;
}

/** True once the page is scrolled past `threshold` of its scrollable height. */
export function scrolledPast(
  scrollY: number,
  scrollHeight: number,
  viewport: number,
  threshold = 0.1,
): boolean {
  const scrollable = scrollHeight - viewport;
  return scrollable > 0 && scrollY / scrollable > threshold;
}

/**
 * The scroll-to-top icon appears after 10 percent of the page (docs/product.md "Menu and overlays"), never
 * over a modal window: hidden while an overlay of the store is open, and (layout.module.css) while a dialog
 * has made the app root inert, which components/dialog.tsx does for every modal, in the store or not.
 */
export function ScrollTopButton() {
  const { t } = useLingui();
  const [visible, setVisible] = useState(false);
  const modalOpen = useOverlays((s) => Object.keys(s.open).length > 0);
  useEffect(() => {
    const onScroll = () =>
      setVisible(scrolledPast(window.scrollY, document.documentElement.scrollHeight, window.innerHeight));
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  if (!visible || modalOpen) return null;
  return (
    <button
      type="button"
      className={styles.scrollTop}
      aria-label={t`Back to top`}
      onClick={() => {
        window.scrollTo({ top: 0, behavior: 'smooth' });
        document.getElementById('main')?.focus({ preventScroll: true });
      }}
    >
      <span aria-hidden="true">↑</span>
    </button>
  );
}

const RELOADED_KEY = SESSION_KEYS.reloadedAt;

/** A lazy module that can no longer be downloaded: usually a new release replaced the hashed files. */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported|Loading chunk/i.test(
    message,
  );
}

interface BoundaryState {
  error: unknown;
}

/**
 * Catches a page that fails to load or render. After a deploy the old hashed chunks are gone: the first
 * such failure reloads the page once (the new index.html names the new files); anything else, or a
 * second failure within a minute, shows a message with a Reload button instead of a blank page.
 */
export class RouteErrorBoundary extends Component<{ children: ReactNode; resetKey: string }, BoundaryState> {
  override state: BoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error };
  }

  override componentDidCatch(error: unknown) {
    if (!isChunkLoadError(error)) return;
    const last = Number(sessionStorage.getItem(RELOADED_KEY) ?? 0);
    if (Date.now() - last > 60_000) {
      sessionStorage.setItem(RELOADED_KEY, String(Date.now()));
      location.reload();
    }
  }

  override componentDidUpdate(previous: { resetKey: string }) {
    // moving to another page gives it a fresh start
    if (previous.resetKey !== this.props.resetKey && this.state.error) this.setState({ error: null });
  }

  override render() {
    return this.state.error ? <RouteFailed /> : this.props.children;
  }
}

function RouteFailed() {
  return (
    <div className={styles.fallback} role="alert">
      <h1>
        <Trans>This page could not be loaded</Trans>
      </h1>
      <p>
        <Trans>Check your connection and try again.</Trans>
      </p>
      <button type="button" className={styles.reload} onClick={() => location.reload()}>
        <Trans>Reload</Trans>
      </button>
    </div>
  );
}
