import { navigate } from './navigation.ts';
import { openOverlay } from './overlays.ts';

/**
 * Opens the sign-in window over the current page and pushes /login, so the address bar and the back
 * button follow it; a reload at /login shows the full sign-in screen.
 */
export function openLoginWindow(notice?: 'loggedOut'): void {
  const here = typeof location === 'undefined' ? '/' : `${location.pathname}${location.search}`;
  const background = location.pathname === '/login' ? '/' : here;
  openOverlay('login', { background, notice });
  if (location.pathname !== '/login') navigate('/login');
}
