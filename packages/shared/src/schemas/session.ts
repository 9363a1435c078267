/**
 * What the account routes answer (docs/api.md "Endpoints"): kept apart from auth.ts, whose forms the
 * portal loads first, so the sign-in pages do not carry the profile and lead schemas.
 */
import * as v from 'valibot';
import { SIGN_IN_NEXT } from './leads.ts';
import { UserProfileSchema } from './profile.ts';

/** `data` of a sign-in (POST /login, /socialLogin, /oneTabLogin, PATCH /verifyEmailByCode, …). */
export const SessionSchema = v.object({
  token: v.string(),
  user: UserProfileSchema,
  next: v.pipe(
    v.nullable(v.picklist(SIGN_IN_NEXT)),
    v.description(
      "Where the portal goes after a sign-in that carried a sign-up's domain: 'hire-consultant' (a lead was " +
        "created, see leadUID), 'insufficient-budget' (a registrar's visitor under 500 USD), or null (route as usual).",
    ),
  ),
  leadUID: v.pipe(
    v.nullable(v.string()),
    v.description("The lead created from the sign-up's domain, if any."),
  ),
});

/** `data` of the answers that mailed something to an address (a code, a temporary password). */
export const MailedToSchema = v.object({ email: v.string() });

/** `data` of GET /linkedinLogin: where to sign in, and the state the portal keeps to compare. */
export const ProviderStartSchema = v.object({ url: v.string(), state: v.string() });
