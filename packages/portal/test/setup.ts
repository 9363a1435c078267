import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { activateLocale } from '../src/lib/i18n.ts';
import { useOverlays } from '../src/lib/overlays.ts';
import { useSession } from '../src/lib/session.ts';

beforeEach(async () => {
  localStorage.clear();
  sessionStorage.clear();
  useSession.setState({ token: null, profile: null });
  useOverlays.setState({ open: {}, takeover: null });
  await activateLocale('en');
});

afterEach(() => {
  cleanup();
});
