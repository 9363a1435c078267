import { INACTIVITY_LOGOUT_MS } from '@domain-broker/shared/constants';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isIdle, lastActivity, watchInactivity } from './inactivity.ts';
import { STORAGE_KEYS } from './storage.ts';

const MINUTE = 60_000;

describe('inactivity logout', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-22T10:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('calls onIdle once 60 minutes pass without activity', () => {
    const onIdle = vi.fn();
    const stop = watchInactivity({ hasSession: () => true, onIdle });
    vi.advanceTimersByTime(INACTIVITY_LOGOUT_MS - MINUTE);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(2 * MINUTE);
    expect(onIdle).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(INACTIVITY_LOGOUT_MS);
    expect(onIdle).toHaveBeenCalledTimes(1);
    stop();
  });

  it('counts activity (a key press) as a fresh start', () => {
    const onIdle = vi.fn();
    const stop = watchInactivity({ hasSession: () => true, onIdle });
    vi.advanceTimersByTime(50 * MINUTE);
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
    expect(lastActivity()).toBe(Date.now());
    vi.advanceTimersByTime(50 * MINUTE);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(11 * MINUTE);
    expect(onIdle).toHaveBeenCalledTimes(1);
    stop();
  });

  it('counts activity in another tab (the shared timestamp)', () => {
    const onIdle = vi.fn();
    const stop = watchInactivity({ hasSession: () => true, onIdle });
    vi.advanceTimersByTime(55 * MINUTE);
    // another tab writes its activity to localStorage
    localStorage.setItem(STORAGE_KEYS.lastActivity, String(Date.now()));
    vi.advanceTimersByTime(30 * MINUTE);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(31 * MINUTE);
    expect(onIdle).toHaveBeenCalledTimes(1);
    stop();
  });

  it('logs out at once when the stored activity is already older than 60 minutes', () => {
    localStorage.setItem(STORAGE_KEYS.lastActivity, String(Date.now() - 2 * INACTIVITY_LOGOUT_MS));
    const onIdle = vi.fn();
    watchInactivity({ hasSession: () => true, onIdle });
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it('does nothing without a session', () => {
    const onIdle = vi.fn();
    const stop = watchInactivity({ hasSession: () => false, onIdle });
    vi.advanceTimersByTime(3 * INACTIVITY_LOGOUT_MS);
    expect(onIdle).not.toHaveBeenCalled();
    stop();
  });

  it('isIdle compares with the limit', () => {
    localStorage.setItem(STORAGE_KEYS.lastActivity, String(Date.now()));
    expect(isIdle(Date.now() + INACTIVITY_LOGOUT_MS - 1)).toBe(false);
    expect(isIdle(Date.now() + INACTIVITY_LOGOUT_MS)).toBe(true);
  });
});
