/** What the registrar routes answer (docs/api.md "Registrars and the widget"). */
import * as v from 'valibot';

/** A registrar's name and logo (its landing page, the admin workspace's list). */
export const PublicRegistrarSchema = v.object({
  UID: v.string(),
  name: v.string(),
  image: v.nullable(v.string()),
  website: v.nullable(v.string()),
});

/** The widget frame's check (widget-contract.ts `WidgetRegistrar`): may it render for the embedding page? */
export const WidgetRegistrarSchema = v.object({
  UID: v.string(),
  name: v.string(),
  image: v.nullable(v.string()),
  allowedOrigins: v.array(v.string()),
});

/** `data` of POST /updateClicks/{registrarId}: whether the click counted, and whether the budget is low. */
export const ClickAnswerSchema = v.object({ recorded: v.boolean(), lowBudget: v.boolean() });
