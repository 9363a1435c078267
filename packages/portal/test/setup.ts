import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { activateLocale, ensureCatalog } from '../src/lib/i18n.ts';
import { useOverlays } from '../src/lib/overlays.ts';
import { useSession } from '../src/lib/session.ts';

// lazy route modules are transformed on first use: a cold run can take more than the default second
configure({ asyncUtilTimeout: 5000 });

beforeEach(async () => {
  localStorage.clear();
  sessionStorage.clear();
  useSession.setState({ token: null, profile: null });
  useOverlays.setState({ open: {}, takeover: null });
  await activateLocale('en');
  await ensureCatalog('account');
});

afterEach(() => {
  cleanup();
});
