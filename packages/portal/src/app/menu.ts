import { isSellerOnly, type RoleType } from '@domain-broker/shared/roles';
import { LANDING_PAGE_PATH } from '@domain-broker/shared/widget-contract';

export type MenuKey = 'buy' | 'sell' | 'appraise' | 'dashboard' | 'login' | 'about' | 'faq' | 'contact';

export interface MenuContext {
  signedIn: boolean;
  /** Effective roles (a user without roles is a Buyer); empty for a visitor. */
  roles: readonly RoleType[];
  /** Registrar details are stored locally (the visitor came through a registrar's widget). */
  registrarDetailsPresent: boolean;
  /** A direct user: signed up on their own, not through a registrar. */
  directUser: boolean;
  /** Whether the destination of an entry exists yet (a screen in the route table, or an external page). */
  available: (key: MenuKey) => boolean;
}

/**
 * The menu rules (docs/product.md "Menu and overlays"):
 * - Buy, Sell, Appraise for everyone; Sell, Appraise and FAQs are hidden when registrar details are
 *   present and the user is not a direct user;
 * - Dashboard only with a session, and not for users whose only role is Seller; registrar users get it
 *   too (decision A10 overrides the spec, which hid it from them: it is their affiliate dashboard);
 * - Login only without a session;
 * - under More: About and FAQs, and Contact Us (/contact-us) for everyone.
 * An entry whose destination does not exist yet is hidden too.
 */
export function menuEntries(ctx: MenuContext): { main: MenuKey[]; more: MenuKey[] } {
  const registrarHidden = ctx.registrarDetailsPresent && !ctx.directUser;
  const sellerOnly = isSellerOnly(ctx.roles);
  const show: Record<MenuKey, boolean> = {
    buy: true,
    sell: !registrarHidden,
    appraise: !registrarHidden,
    dashboard: ctx.signedIn && !sellerOnly,
    login: !ctx.signedIn,
    about: true,
    faq: !registrarHidden,
    contact: true,
  };
  const visible = (key: MenuKey) => show[key] && ctx.available(key);
  return {
    main: (['buy', 'sell', 'appraise', 'dashboard', 'login'] as const).filter(visible),
    more: (['about', 'faq', 'contact'] as const).filter(visible),
  };
}

/** A signed-in registrar-role user: their home is the affiliate dashboard (decision A10). */
export const isRegistrarUser = (signedIn: boolean, roles: readonly RoleType[]): boolean =>
  signedIn && roles.includes('Registrar');

/**
 * What `/` shows (docs/product.md "Menu and overlays"; decision A10): the affiliate dashboard (/dashboard)
 * for a signed-in registrar-role user, the registrar landing page when registrar details are stored locally
 * (a visitor who came through a registrar), otherwise the buy home page.
 */
export function homePath(ctx: Pick<MenuContext, 'signedIn' | 'roles' | 'registrarDetailsPresent'>): string {
  if (isRegistrarUser(ctx.signedIn, ctx.roles)) return '/dashboard';
  return ctx.registrarDetailsPresent ? LANDING_PAGE_PATH : '/';
}

/**
 * The logo goes home; for a signed-in registrar-role user that is /dashboard (decision A10: never the
 * buyer sign-in page the spec's old product sent them to while signed in).
 */
export function logoTarget(roles: readonly RoleType[], signedIn: boolean): string {
  return isRegistrarUser(signedIn, roles) ? '/dashboard' : '/';
}
