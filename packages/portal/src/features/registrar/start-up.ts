/**
 * The registrar part of the start-up (docs/product.md "Start-up"), loaded by `src/app/start-up.ts` only when
 * a registrar is involved, so the first load of `/` does not carry it: the click is recorded (a 203 opens the
 * low-budget window) and the registrar's details are fetched and stored as `registrarDetail`.
 */
import { withDefaultExtension } from '@domain-broker/shared/validators';
import { ApiError } from '#portal/lib/api.ts';
import { closeOverlay, openOverlay } from '#portal/lib/overlays.ts';
import { forgetRegistrarDetail, registrarDetail, storeRegistrarDetail } from '#portal/lib/registrar.ts';
import { startUpRegistrarRequest } from './api/get-registrar.ts';
import { updateClicks } from './api/update-clicks.ts';

export interface RegistrarStartUp {
  registrarId: string;
  /** The domain of the query string; a click is recorded only with one. */
  domainName: string | null;
  /** The address had a query string (only then is a click recorded: docs/product.md "Start-up"). */
  fromQuery: boolean;
  /** A budget in the query string (`offerAmount`), sent with the click: the server answers 203 when it is low. */
  offerAmount?: string | null;
}

function budget(value: string | null | undefined): number | undefined {
  if (!value || !/^\d+(\.\d+)?$/.test(value.trim())) return undefined;
  return Number(value);
}

/**
 * POST /updateClicks: 203 sets the low-budget window flag; a failure resets it. A name without a dot is
 * counted as the .com the enquiry will ask for (the server only counts full domain names).
 */
export async function recordClick(
  registrarId: string,
  domainName: string,
  offerAmount?: number,
): Promise<void> {
  try {
    const answer = await updateClicks({
      registrarId,
      domainName: withDefaultExtension(domainName),
      ...(offerAmount === undefined ? {} : { offerAmount }),
    });
    if (answer.status === 203)
      openOverlay('lowBudget', {
        domainName: withDefaultExtension(domainName),
        ...(offerAmount === undefined ? {} : { offerAmount: String(offerAmount) }),
        sourceFrom: 'click',
      });
  } catch {
    closeOverlay('lowBudget');
  }
}

/**
 * Stores the registrar's details (GET /registrars/{id}). An unknown registrar leaves no details, so the
 * visitor sees the generic landing page; when the server cannot be reached, details stored earlier for
 * the same registrar are kept.
 */
export async function restoreRegistrarDetail(registrarId: string): Promise<void> {
  const stored = registrarDetail();
  try {
    storeRegistrarDetail(await startUpRegistrarRequest(registrarId));
  } catch (error) {
    const unknown = error instanceof ApiError && error.status >= 400 && error.status < 500;
    if (unknown || stored?.UID !== registrarId) forgetRegistrarDetail();
  }
}

export async function registrarStartUp({
  registrarId,
  domainName,
  fromQuery,
  offerAmount,
}: RegistrarStartUp): Promise<void> {
  if (fromQuery && domainName) void recordClick(registrarId, domainName, budget(offerAmount));
  await restoreRegistrarDetail(registrarId);
}
