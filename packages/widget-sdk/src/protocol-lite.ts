/**
 * A hand-written mirror of the frame -> host half of `@domain-broker/shared/widget-protocol`.
 *
 * Why not import the shared valibot schema: the loader runs in every registrar page and must stay
 * around 2 KB gzipped, and a schema library alone would cost more than the whole loader. These checks
 * repeat the shared schema rule for rule; `test/protocol-lite.test.ts` feeds both the same corpus of
 * good and bad messages and requires identical answers, so a change to one without the other fails CI.
 */
export const SOURCE = 'domain-broker';
export const VERSION = 1;
export const MAX_BYTES = 4096;

export type FrameMessage =
  | { type: 'ready'; payload: Record<string, never> }
  | { type: 'resize'; payload: { height: number } }
  | { type: 'get-started'; payload: { domainName: string; registrarId: string } }
  | { type: 'error'; payload: { reason: string } };

type Obj = Record<string, unknown>;

const isObj = (x: unknown): x is Obj => typeof x === 'object' && x !== null;

/** True when `o` has exactly these keys (like valibot's strictObject with required entries). */
const hasKeys = (o: Obj, keys: string[]): boolean => {
  const own = Object.keys(o);
  return own.length === keys.length && keys.every((k) => own.includes(k));
};

const isStr = (x: unknown, re: RegExp): x is string => typeof x === 'string' && re.test(x);

const ID_RE = /^[A-Za-z0-9_-]{8,64}$/;
const REGISTRAR_RE = /^[A-Za-z0-9._-]{1,128}$/;
const REASON_RE = /^[a-z0-9-]{1,64}$/;

function byteSize(data: unknown): number {
  try {
    const json = JSON.stringify(data);
    return json === undefined ? Infinity : new TextEncoder().encode(json).length;
  } catch {
    return Infinity;
  }
}

function payloadOk(type: unknown, p: Obj): boolean {
  switch (type) {
    case 'ready':
      return hasKeys(p, []);
    case 'resize': {
      const h = p.height;
      return hasKeys(p, ['height']) && typeof h === 'number' && Number.isFinite(h) && h >= 0 && h <= 100000;
    }
    case 'get-started':
      return (
        hasKeys(p, ['domainName', 'registrarId']) &&
        typeof p.domainName === 'string' &&
        p.domainName.length <= 253 &&
        isStr(p.registrarId, REGISTRAR_RE)
      );
    case 'error':
      return hasKeys(p, ['reason']) && isStr(p.reason, REASON_RE);
    default:
      return false;
  }
}

/** The frame -> host message in `data` if it is well-formed and addressed to `instanceId`, else null. */
export function parseFrameMessage(data: unknown, instanceId: string): FrameMessage | null {
  if (!isObj(data) || byteSize(data) > MAX_BYTES) return null;
  const d = data;
  const ok =
    hasKeys(d, ['source', 'v', 'type', 'instanceId', 'payload']) &&
    d.source === SOURCE &&
    d.v === VERSION &&
    isStr(d.instanceId, ID_RE) &&
    d.instanceId === instanceId &&
    isObj(d.payload) &&
    payloadOk(d.type, d.payload);
  return ok ? (d as unknown as FrameMessage) : null;
}

/** The serialised origin of an absolute http(s) URL, or null (same rules as the shared `toOrigin`). */
export function toOrigin(url: string | null | undefined): string | null {
  try {
    const u = new URL(url as string);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.origin : null;
  } catch {
    return null;
  }
}
