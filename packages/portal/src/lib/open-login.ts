import { navigate } from './navigation.ts';
import { openOverlay } from './overlays.ts';

/**
 * Opens the sign-in window over the current page and pushes /login, so the address bar and the back
 * button follow it (a reload at /login shows the full sign-in screen). On the sign-in screen itself
 * there is nothing to open; the notice still shows through the query.
 */
export function openLoginWindow(notice?: 'loggedOut'): void {
  if (location.pathname === '/login') {
    if (notice) navigate(`/login?notice=${notice}`, { replace: true });
    return;
  }
  openOverlay('login', { background: `${location.pathname}${location.search}`, notice });
  navigate('/login');
}
