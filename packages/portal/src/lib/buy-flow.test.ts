import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  registerBuyFlow,
  setPendingBuyAction,
  signInDestination,
  startBuyFlow,
  takePendingBuyAction,
} from './buy-flow.ts';
import { useOverlays } from './overlays.ts';
import { signInWith, useSession } from './session.ts';

const replay = vi.fn(async () => undefined);
const destination = vi.fn(async () => '/hire-consultant');
const user = { UID: 'u1', email: 'ann@example.com' } as Parameters<
  ReturnType<typeof useSession.getState>['signIn']
>[1];

beforeEach(() => {
  replay.mockClear();
  destination.mockClear();
  registerBuyFlow({ replay, destination });
  history.replaceState(null, '', '/');
});
afterEach(() => vi.restoreAllMocks());

describe('starting the buy flow (decision A9)', () => {
  it('opens the domain + budget form for a signed-in visitor', () => {
    useSession.setState({ token: 't', profile: null });
    startBuyFlow({ domainName: 'wanted.com' });
    expect(useOverlays.getState().open.buyForm).toEqual({ domainName: 'wanted.com' });
    expect(useOverlays.getState().open.login).toBeUndefined();
  });

  it('asks a guest to sign in first, then replays the action with what was typed', async () => {
    history.replaceState(null, '', '/appraisal');
    startBuyFlow({ domainName: 'wanted.com', offerAmount: '2500' });
    expect(useOverlays.getState().open.login).toEqual({ background: '/appraisal', notice: undefined });
    expect(location.pathname).toBe('/login');
    expect(useOverlays.getState().open.buyForm).toBeUndefined();

    useSession.getState().signIn('token', user);
    expect(replay).toHaveBeenCalledWith({
      kind: 'buy',
      prefill: { domainName: 'wanted.com', offerAmount: '2500' },
    });
    // the action leads on (here: the window closed back to the page): the sign-in screen does not route by leads
    history.replaceState(null, '', '/appraisal');
    expect(await signInDestination()).toBeNull();
    expect(destination).not.toHaveBeenCalled();
    // it ran once
    expect(takePendingBuyAction()).toBeNull();
  });

  it("follows the server's next after a sign-up that carried a domain", async () => {
    signInWith('token', user, { token: 'token', user, next: 'hire-consultant', leadUID: 'l1' });
    expect(replay).toHaveBeenCalledWith({ kind: 'checkout' });
    expect(await signInDestination()).toBeNull();
  });

  it('goes to the usual page when the action left the sign-in screen where it was', async () => {
    history.replaceState(null, '', '/login');
    signInWith('token', user, { next: 'insufficient-budget' });
    expect(await signInDestination()).toBe('/');
  });

  it("opens 'Insufficient Budget' with the stored domain when the server says so", () => {
    localStorage.setItem('domainName', 'wanted.com');
    signInWith('token', user, { next: 'insufficient-budget', leadUID: null });
    expect(replay).toHaveBeenCalledWith({ kind: 'lowBudget', domainName: 'wanted.com' });
    // the sign-in still forgets the stored domain afterwards
    expect(localStorage.getItem('domainName')).toBeNull();
  });

  it("a waiting action comes before the server's next, and a null next is nothing", () => {
    startBuyFlow({ domainName: 'mine.com' });
    signInWith('token', user, { next: 'hire-consultant' });
    expect(replay).toHaveBeenCalledTimes(1);
    expect(replay).toHaveBeenCalledWith({ kind: 'buy', prefill: { domainName: 'mine.com' } });
    useSession.setState({ token: null, profile: null });
    replay.mockClear();
    signInWith('token', user, { next: null });
    expect(replay).not.toHaveBeenCalled();
  });

  it('a sign-in without a waiting action asks the buy feature where to go', async () => {
    useSession.getState().signIn('token', user);
    expect(replay).not.toHaveBeenCalled();
    expect(await signInDestination()).toBe('/hire-consultant');
  });

  it('a session restored at start is not a sign-in: nothing replays', () => {
    useSession.setState({ token: 't', profile: null });
    setPendingBuyAction({ kind: 'enquiry', domainName: 'wanted.com', offerAmount: '300' });
    useSession.setState({ profile: null });
    expect(replay).not.toHaveBeenCalled();
    expect(takePendingBuyAction()).toEqual({ kind: 'enquiry', domainName: 'wanted.com', offerAmount: '300' });
  });

  it('forgets an action nobody signed in for within 30 minutes', () => {
    vi.useFakeTimers({ now: new Date('2026-11-24T06:00:00Z'), toFake: ['Date'] });
    startBuyFlow({ domainName: 'wanted.com' });
    vi.setSystemTime(new Date('2026-11-24T06:31:00Z'));
    useSession.getState().signIn('token', user);
    expect(replay).not.toHaveBeenCalled();
    vi.useRealTimers();
  });

  it('ignores a stored action that does not decode', () => {
    sessionStorage.setItem('pendingBuyAction', '{"kind":"other"}');
    expect(takePendingBuyAction()).toBeNull();
    sessionStorage.setItem('pendingBuyAction', 'not json');
    expect(takePendingBuyAction()).toBeNull();
  });
});
