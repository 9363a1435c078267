/**
 * The loader's check of a frame -> host message: the widget contract's `parseFrameMessage` verdict in
 * a fraction of its bytes (the loader ships on every registrar page). Exact key sets make the
 * contract's 4 KB size cap implied: every field it admits is bounded. test/protocol-lite.test.ts holds
 * the two to the same verdict on a corpus of good and bad messages.
 */
import {
  ERROR_REASON_RE,
  REGISTRAR_ID_RE,
  WIDGET_MESSAGE_SOURCE,
} from '@domain-broker/shared/widget-contract';
import type { WidgetEvent } from './mount.ts';

// biome-ignore lint/suspicious/noExplicitAny: whatever a page may receive, read field by field
type Data = any;

/** The object's own keys, sorted and joined: one string to compare against; '-' for a non-object. */
const keys = (o: unknown) => (o && typeof o === 'object' ? Object.keys(o).sort().join() : '-');
const matches = (x: unknown, re: RegExp) => typeof x === 'string' && re.test(x);

/**
 * The event for `onEvent` that the message `m` carries (`{ type, ...payload }`), when `m` is a
 * well-formed frame -> host message for `instanceId`; otherwise undefined.
 */
export function readFrameEvent(m: Data, instanceId: string): WidgetEvent | undefined {
  const p = m?.payload;
  const t = m?.type;
  const k = keys(p);
  const h = p?.height;
  return keys(m) === 'instanceId,payload,source,type,v' &&
    m.source === WIDGET_MESSAGE_SOURCE &&
    m.v === 1 &&
    m.instanceId === instanceId &&
    (t === 'ready'
      ? k === ''
      : t === 'resize'
        ? k === 'height' && typeof h === 'number' && h >= 0 && h <= 1e5
        : t === 'get-started'
          ? k === 'domainName,registrarId' &&
            matches(p.domainName, /^.{0,253}$/s) &&
            matches(p.registrarId, REGISTRAR_ID_RE)
          : t === 'error' && k === 'reason' && matches(p.reason, ERROR_REASON_RE))
    ? { type: t, ...p }
    : undefined;
}
