import { effectiveRoles } from '@domain-broker/shared/roles';
import { usePublicConfig } from '../lib/config.ts';
import { useRegistrarDetail, useRegistrarUid } from '../lib/registrar.ts';
import { useSession } from '../lib/session.ts';
import { logoTarget, type MenuKey, menuEntries } from './menu.ts';
import { hasScreen } from './route-table.ts';

export interface MenuLink {
  key: MenuKey;
  href: string;
  external: boolean;
}

const INTERNAL: Record<MenuKey, string> = {
  // Buy is an action (the header draws a button that starts the buy flow, lib/buy-flow.ts)
  buy: '/',
  sell: '/sell',
  appraise: '/appraisal',
  dashboard: '/dashboard',
  login: '/login',
  about: '/about',
  faq: '/faq',
  contact: '/contact-us',
};
/**
 * About, FAQs and Sell go to the marketing site when one is configured (docs/product.md "Menu and overlays").
 */
const MARKETING: Partial<Record<MenuKey, string>> = { about: '/about', faq: '/faq', sell: '/sell' };

export function useMenu(): { main: MenuLink[]; more: MenuLink[]; logo: string } {
  const token = useSession((s) => s.token);
  const profile = useSession((s) => s.profile);
  const config = usePublicConfig();
  const signedIn = token !== null;
  const roles = signedIn ? effectiveRoles(profile?.roles) : [];
  // follows the registrar start-up, which stores the details after the first render
  const registrarDetailsPresent = useRegistrarDetail() !== null;
  const storedRegistrar = useRegistrarUid();
  const directUser = signedIn ? !profile?.registrarUID : storedRegistrar === null;
  const link = (key: MenuKey): MenuLink => {
    const marketing = config.marketingSiteUrl ? MARKETING[key] : undefined;
    if (marketing && config.marketingSiteUrl) {
      return { key, href: new URL(marketing, config.marketingSiteUrl).toString(), external: true };
    }
    return { key, href: INTERNAL[key], external: false };
  };
  const entries = menuEntries({
    signedIn,
    roles,
    registrarDetailsPresent,
    directUser,
    available: (key) => key === 'buy' || link(key).external || hasScreen(INTERNAL[key]),
  });
  return { main: entries.main.map(link), more: entries.more.map(link), logo: logoTarget(roles, signedIn) };
}
