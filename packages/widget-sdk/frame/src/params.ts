import {
  DOMAIN_NAME_MAX_LENGTH,
  FRAME_PATHS,
  INSTANCE_ID_RE,
  isRegistrarId,
  toOrigin,
  type WidgetView,
} from '@domain-broker/shared/widget-contract';

export type FrameView = WidgetView;

/** Everything the frame learns from its own URL. */
export interface FrameParams {
  view: FrameView;
  registrarId: string;
  domainName: string;
  variant: 1 | 2;
  /** The host page's origin, as the loader put it in the URL (still to be checked against the registrar). */
  origin: string;
  instance: string;
}

/** Which page this is: the HTML says so (`<html data-view>`), the path is the fallback. */
export function detectView(doc: Document, pathname: string): FrameView {
  const declared = doc.documentElement.dataset.view;
  if (declared === 'search' || declared === 'message') return declared;
  return pathname.includes(FRAME_PATHS.search) ? 'search' : 'message';
}

/** Reads and checks the query string; null when anything needed is missing or malformed. */
export function readParams(search: string, view: FrameView): FrameParams | null {
  const q = new URLSearchParams(search);
  const registrarId = q.get('registrarId') ?? '';
  const origin = q.get('origin') ?? '';
  const instance = q.get('instance') ?? '';
  if (!isRegistrarId(registrarId) || !INSTANCE_ID_RE.test(instance)) return null;
  // Must already be an exact serialised origin: no path, no trailing slash, no upper case.
  if (toOrigin(origin) !== origin) return null;
  return {
    view,
    registrarId,
    domainName: normalizeDomain(q.get('domainName') ?? ''),
    variant: q.get('temp') === '1' ? 1 : 2,
    origin,
    instance,
  };
}

/** Trims, lower-cases and drops a pasted scheme, path or leading "www." is kept (it is a valid host). */
export function normalizeDomain(input: string): string {
  return input
    .trim()
    .toLowerCase()
    .replace(/^[a-z]+:\/\//, '')
    .replace(/[/?#].*$/, '')
    .replace(/\.$/, '')
    .slice(0, DOMAIN_NAME_MAX_LENGTH);
}
