import {
  cleanConfig,
  frameUrl,
  type HostToFrameMessage,
  isDomainName,
  type WidgetTheme,
} from '@domain-broker/shared/widget-contract';
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { AvailableView } from './AvailableView.tsx';
import {
  type Access,
  type Availability,
  checkAccess,
  checkAccessNow,
  checkAvailability,
  type RegistrarData,
  recordClick,
} from './access.ts';
import { copyFor, en } from './copy.ts';
import { connectHost, type HostChannel, type HostTarget } from './host.ts';
import { MessageView } from './MessageView.tsx';
import { type FrameParams, normalizeDomain } from './params.ts';
import { SearchView } from './SearchView.tsx';

export interface FrameDeps {
  win: Window;
  fetch: typeof fetch;
  /** The embedding window, or null when the page is opened on its own (nothing is posted then). */
  parent: HostTarget | null;
  ancestorOrigins?: ArrayLike<string> | null;
  /** The portal's own origin (`location.origin`): a host there is the integration page's preview. */
  self?: string;
  /** The registrar row the server wrote into the page, when it did (see readPreloadedRegistrar). */
  preloaded?: RegistrarData | null;
  /** The visitor's id, sent with each click (see visitorId); null counts by address and browser. */
  deviceId?: string | null;
}

interface Shown {
  domainName: string;
  variant: 1 | 2;
  theme: WidgetTheme;
  locale: string;
}

/**
 * Start-up: check the registrar and the host origin (nothing is rendered or posted before that), then
 * show the view, say `ready`, apply the host's `config`, and report the height from then on.
 */
export function App({ params, deps }: { params: FrameParams | null; deps: FrameDeps }) {
  // With the registrar written into the page (the usual case), the verdict is known before the first
  // render: the frame renders its view and says ready in the task that runs its script.
  const [access, setAccess] = useState<Access | null>(() =>
    checkAccessNow(params, {
      ancestorOrigins: deps.ancestorOrigins,
      preloaded: deps.preloaded,
      self: deps.self,
    }),
  );
  const [view, setView] = useState(params?.view ?? 'message');
  const [fromSearch, setFromSearch] = useState(false);
  // The message page is the registrar's "taken" result: registered. A search asks the registry first.
  const [status, setStatus] = useState<Availability | 'checking'>('registered');
  const searched = useRef('');
  const [shown, setShown] = useState<Shown>({
    domainName: params?.domainName ?? '',
    variant: params?.variant ?? 2,
    theme: 'light',
    locale: 'en',
  });
  const [configured, setConfigured] = useState(false);
  const channel = useRef<HostChannel | null>(null);
  const root = useRef<HTMLDivElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const lastHeight = useRef(-1);
  const counted = useRef(new Set<string>());

  // Layout effects, not effects, on the way to `ready`: Preact runs effects after the next animation
  // frame, and a browser throttles animation frames in a hidden cross-origin iframe (the loader keeps
  // the frame hidden until ready), which added tens of milliseconds per step before the frame spoke.
  useLayoutEffect(() => {
    if (access) return;
    let live = true;
    checkAccess(params, {
      fetch: deps.fetch,
      ancestorOrigins: deps.ancestorOrigins,
      preloaded: deps.preloaded,
      self: deps.self,
    }).then((result) => {
      if (live) setAccess(result);
    });
    return () => {
      live = false;
    };
  }, [access, params, deps]);

  const ok = access?.ok === true && params !== null;

  // Open the channel only once the host origin is trusted; say ready; hear config and update.
  useLayoutEffect(() => {
    if (!ok || !params || !deps.parent) return;
    const apply = (message: HostToFrameMessage) => {
      // The host sends the registrar's settings as given; cleaning them is the frame's job.
      const { domainName, ...rest } = cleanConfig(message.payload);
      setShown((current) => {
        const next = { ...current, ...rest };
        // The URL's domain wins over an empty one from the host (search mode knows the domain only here).
        const cleaned = normalizeDomain(domainName ?? '');
        if (cleaned) next.domainName = cleaned;
        return next;
      });
      if (message.type === 'config') setConfigured(true);
    };
    // A config we cannot read (say, from a newer loader) still gets the frame shown, with its defaults.
    const opened = connectHost(deps.win, deps.parent, params.origin, params.instance, apply, () =>
      setConfigured(true),
    );
    channel.current = opened;
    opened.post('ready', {});
    return () => {
      opened.dispose();
      channel.current = null;
    };
  }, [ok, params, deps]);

  // Theme and language go on <html>: attributes, not inline styles, so style-src 'self' is enough.
  useEffect(() => {
    const html = deps.win.document.documentElement;
    html.dataset.theme = shown.theme;
    html.lang = shown.locale;
  }, [shown.theme, shown.locale, deps]);

  // Height reports start after config so the host first sees the frame in its final theme.
  useLayoutEffect(() => {
    const el = root.current;
    if (!configured || !el) return;
    const report = () => {
      const height = Math.ceil(el.getBoundingClientRect().height);
      if (height === lastHeight.current) return;
      lastHeight.current = height;
      channel.current?.post('resize', { height });
    };
    report();
    const RO = (deps.win as Window & { ResizeObserver?: typeof ResizeObserver }).ResizeObserver;
    if (!RO) return;
    const observer = new RO(report);
    observer.observe(el);
    return () => observer.disconnect();
  }, [configured, deps]);

  // One click record per domain the broker offer is shown for (the server also de-duplicates per day);
  // a name found available shows no offer and counts nothing.
  // The integration page's preview is not a visitor: it counts nothing.
  const offered = (status === 'registered' || status === 'unknown') && !(access?.ok && access.preview);
  useEffect(() => {
    if (!ok || !params || view !== 'message' || !offered || !isDomainName(shown.domainName)) return;
    if (counted.current.has(shown.domainName)) return;
    counted.current.add(shown.domainName);
    void recordClick(deps.fetch, params.registrarId, shown.domainName, deps.deviceId);
  }, [ok, params, view, offered, shown.domainName, deps]);

  if (!access) return <div class="db-root" ref={root} />;
  if (!ok || !params) {
    return (
      <div class="db-root" ref={root}>
        <p class="db-notice">{en.unavailable}</p>
      </div>
    );
  }

  const t = copyFor(shown.locale);

  const onSearch = (domainName: string) => {
    setShown((current) => ({ ...current, domainName }));
    setView('message');
    setFromSearch(true);
    setStatus('checking');
    searched.current = domainName;
    void checkAvailability(deps.fetch, domainName).then((answer) => {
      // a later search (or 'Search another domain') wins over a late answer
      if (searched.current !== domainName) return;
      setStatus(answer);
      queueMicrotask(() => heading.current?.focus());
    });
    // Same frame, same history entry: the host page's back button stays the host's.
    deps.win.history.replaceState(
      null,
      '',
      frameUrl('', { ...params, view: 'message', domainName, variant: shown.variant }),
    );
    queueMicrotask(() => heading.current?.focus());
  };

  const onSearchAgain = () => {
    searched.current = '';
    setView('search');
    deps.win.history.replaceState(
      null,
      '',
      frameUrl('', { ...params, view: 'search', domainName: '', variant: shown.variant }),
    );
  };

  return (
    <div class="db-root" ref={root}>
      {view === 'search' ? (
        <SearchView t={t} onSearch={onSearch} initial={fromSearch ? shown.domainName : ''} />
      ) : status === 'checking' ? (
        <section class="db-card" aria-busy="true">
          <h1 class="db-title" tabIndex={-1} ref={heading} aria-live="polite">
            {t.checking(shown.domainName)}
          </h1>
        </section>
      ) : status === 'available' ? (
        <AvailableView
          domainName={shown.domainName}
          registrarName={access.ok ? access.registrarName : ''}
          registrarOrigin={params.origin}
          t={t}
          headingRef={heading}
          onSearchAgain={onSearchAgain}
        />
      ) : (
        <MessageView
          domainName={isDomainName(shown.domainName) ? shown.domainName : ''}
          status={status}
          registrarId={params.registrarId}
          registrarName={access.ok ? access.registrarName : ''}
          variant={shown.variant}
          t={t}
          portalOrigin={deps.win.location.origin}
          headingRef={heading}
          onSearchAgain={fromSearch || params.view === 'search' ? onSearchAgain : undefined}
          onGetStarted={() =>
            channel.current?.post('get-started', {
              domainName: isDomainName(shown.domainName) ? shown.domainName : '',
              registrarId: params.registrarId,
            })
          }
        />
      )}
    </div>
  );
}
