/** The visitor's country (GET /checkBlockedCountry, GET /location; docs/api.md "Endpoints"). */
import * as v from 'valibot';

/** `data` of GET /checkBlockedCountry: answered only when the country is not blocked. */
export const BlockedCountrySchema = v.object({ blocked: v.boolean(), country_code: v.nullable(v.string()) });

/** `data` of GET /location: United States / US when unknown. */
export const LocationSchema = v.object({ country_name: v.string(), country_code: v.string() });
