/**
 * GET /api/availability?domain=: whether a domain name is registered, as the widget's search mode
 * asks it (the server looks it up over RDAP). 'unknown' when the registry could not be asked or did
 * not answer in time: the widget then words its offer neutrally.
 */
import * as v from 'valibot';
import { normalizeDomainInput } from '../validators.ts';
import { isDomainName } from '../widget-contract.ts';
import { DOMAIN_INVALID_MESSAGE } from './appraisal.ts';
import { first, UNKNOWN_FIELD } from './common.ts';

export const AVAILABILITY_STATUSES = ['registered', 'available', 'unknown'] as const;
export type AvailabilityStatus = (typeof AVAILABILITY_STATUSES)[number];

/** Any well-formed name (any extension: the widget's visitors search every TLD), pasted URLs cleaned. */
export const AvailabilityQuery = v.strictObject(
  {
    domain: first(
      v.pipe(
        v.string(DOMAIN_INVALID_MESSAGE),
        v.maxLength(1000, DOMAIN_INVALID_MESSAGE),
        v.transform(normalizeDomainInput),
        v.check(isDomainName, DOMAIN_INVALID_MESSAGE),
      ),
    ),
  },
  UNKNOWN_FIELD,
);

export const AvailabilitySchema = v.object({
  domainName: v.string(),
  status: v.picklist(AVAILABILITY_STATUSES),
});
export type AvailabilityAnswer = v.InferOutput<typeof AvailabilitySchema>;
