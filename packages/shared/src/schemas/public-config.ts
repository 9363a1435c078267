/** GET /api/config: what the portal and the widget frame need to know about this deployment. */
import * as v from 'valibot';

const nullableString = v.nullable(v.string());

export const PublicConfigSchema = v.strictObject({
  googleClientId: nullableString,
  linkedinSignIn: v.pipe(
    v.boolean(),
    v.description("Shows 'Sign in with LinkedIn' (LINKEDIN_CLIENT_ID set)."),
  ),
  captchaSiteKey: nullableString,
  reviewWidgetUrl: nullableString,
  supportPhone: v.string(),
  supportEmail: v.string(),
  /** The two nameservers of the sell thank-you page, and where sellers write for onboarding. */
  sellNameservers: v.array(v.string()),
  sellOnboardingEmail: v.string(),
  marketplaceLoginUrl: v.string(),
  marketingSiteUrl: nullableString,
  supportedExtensions: v.array(v.string()),
  environment: v.picklist(['development', 'test', 'production']),
  mailOutbox: v.pipe(v.boolean(), v.description('Mail stays in the development outbox (GET /dev/outbox).')),
  /** Visitors arriving with this registrar id go straight to upgradesUrl (docs/product.md "Start-up"). */
  upgradeRegistrarId: nullableString,
  upgradesUrl: nullableString,
  /** Staff are changing things: the portal shows its maintenance notice once per visit. */
  maintenance: v.pipe(v.boolean(), v.description('The portal shows its maintenance notice.')),
  payments: v.pipe(
    v.strictObject({
      provider: v.picklist(['stripe', 'sandbox']),
      publishableKey: nullableString,
      testMode: v.boolean(),
    }),
    v.description('The card form: Stripe Elements with publishableKey, or the sandbox fields (TEST MODE).'),
  ),
});
export type PublicConfig = v.InferOutput<typeof PublicConfigSchema>;
