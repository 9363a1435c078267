import {
  frameUrl,
  WIDGET_MESSAGE_SOURCE,
  WIDGET_PROTOCOL_VERSION,
  type WidgetView,
} from '@domain-broker/shared/widget-contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useMemo, useRef, useState } from 'react';
import { EXAMPLE_DOMAIN } from '../utils/snippets.ts';
import styles from './integration.module.css';

/** How long the preview waits for the frame's `ready` before saying it could not load (the loader's 15 s). */
export const PREVIEW_TIMEOUT_MS = 15_000;
const MIN_HEIGHT = 120;
const MAX_HEIGHT = 1200;

const newInstanceId = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, '0')).join('');

/**
 * The real widget frame from this portal, framed by the portal itself: the server lets a known
 * registrar's frame pages be framed by 'self', and the frame counts no click for such a preview
 * (packages/widget-sdk/frame/src/access.ts). The handshake is the loader's: on `ready` we send the
 * `config`, and each `resize` sets the height; only messages from this iframe's window, from our own
 * origin and with this preview's instance id count.
 */
export function WidgetPreview({ registrarId, mode }: { registrarId: string; mode: WidgetView }) {
  const { t, i18n } = useLingui();
  const frame = useRef<HTMLIFrameElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [height, setHeight] = useState(0);
  const portal = window.location.origin;
  const instance = useMemo(() => newInstanceId(), []);
  const locale = i18n.locale === 'zh' ? 'zh-CN' : 'en';
  const src = useMemo(
    () =>
      frameUrl(portal, {
        view: mode,
        registrarId,
        domainName: EXAMPLE_DOMAIN,
        variant: 2,
        origin: portal,
        instance,
      }),
    [portal, mode, registrarId, instance],
  );

  useEffect(() => {
    let ready = false;
    const onMessage = (event: MessageEvent) => {
      const win = frame.current?.contentWindow;
      const data = event.data as {
        source?: unknown;
        instanceId?: unknown;
        type?: unknown;
        payload?: unknown;
      };
      if (!win || event.source !== win || event.origin !== portal) return;
      if (data?.source !== WIDGET_MESSAGE_SOURCE || data.instanceId !== instance) return;
      if (data.type === 'ready') {
        ready = true;
        setState('ready');
        win.postMessage(
          {
            source: WIDGET_MESSAGE_SOURCE,
            v: WIDGET_PROTOCOL_VERSION,
            type: 'config',
            instanceId: instance,
            payload: {
              domainName: mode === 'message' ? EXAMPLE_DOMAIN : '',
              variant: 2,
              locale,
              theme: 'light',
            },
          },
          portal,
        );
      } else if (data.type === 'resize') {
        const h = (data.payload as { height?: unknown } | undefined)?.height;
        if (typeof h === 'number' && Number.isFinite(h))
          setHeight(Math.min(MAX_HEIGHT, Math.max(MIN_HEIGHT, Math.ceil(h))));
      }
    };
    window.addEventListener('message', onMessage);
    const timer = setTimeout(() => ready || setState('failed'), PREVIEW_TIMEOUT_MS);
    return () => {
      window.removeEventListener('message', onMessage);
      clearTimeout(timer);
    };
  }, [portal, instance, mode, locale]);

  return (
    <div className={styles.preview}>
      {state === 'loading' && (
        <p className={styles.muted} role="status">
          <Trans>Loading the preview…</Trans>
        </p>
      )}
      {state === 'failed' && (
        <p className={styles.error} role="alert">
          <Trans>The preview did not load. Please reload the page.</Trans>
        </p>
      )}
      <iframe
        ref={frame}
        src={src}
        title={mode === 'message' ? t`Widget preview, message mode` : t`Widget preview, search mode`}
        sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox"
        className={styles.frame}
        style={{ height: state === 'ready' ? height : 0 }}
        data-state={state}
      />
    </div>
  );
}
