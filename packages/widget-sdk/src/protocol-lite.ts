/**
 * The loader's check of a frame -> host message: the widget contract's `parseFrameMessage` verdict in
 * a fraction of its bytes (the loader ships on every registrar page). Exact key sets make the
 * contract's 4 KB size cap implied: every field it admits is bounded. test/protocol-lite.test.ts holds
 * the two to the same verdict on a corpus of good and bad messages.
 */
import {
  type FrameToHostMessage,
  REGISTRAR_ID_RE,
  WIDGET_MESSAGE_SOURCE,
} from '@domain-broker/shared/widget-contract';

type Obj = Record<string, unknown>;

/** The object's own keys, sorted and joined: one string to compare against; '-' for a non-object. */
const keys = (o: unknown) => (o && typeof o === 'object' ? Object.keys(o).sort().join() : '-');
const matches = (x: unknown, re: RegExp) => typeof x === 'string' && re.test(x);

export function readFrameMessage(d: unknown, instanceId: string): FrameToHostMessage | undefined {
  const m = d as Obj;
  if (
    keys(m) !== 'instanceId,payload,source,type,v' ||
    m.source !== WIDGET_MESSAGE_SOURCE ||
    m.v !== 1 ||
    m.instanceId !== instanceId
  )
    return;
  const p = m.payload as Obj;
  const k = keys(p);
  const h = p?.height as number;
  const ok =
    m.type === 'ready'
      ? k === ''
      : m.type === 'resize'
        ? k === 'height' && typeof h === 'number' && h >= 0 && h <= 1e5
        : m.type === 'get-started'
          ? k === 'domainName,registrarId' &&
            typeof p.domainName === 'string' &&
            p.domainName.length < 254 &&
            matches(p.registrarId, REGISTRAR_ID_RE)
          : m.type === 'error' && k === 'reason' && matches(p.reason, /^[a-z0-9-]{1,64}$/);
  return ok ? (m as unknown as FrameToHostMessage) : undefined;
}
