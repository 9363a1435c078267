import type { UserProfile } from '@domain-broker/shared/schemas/profile';
import { create } from 'zustand';
import {
  clearForLogout,
  readJson,
  readString,
  remove,
  STORAGE_KEYS,
  writeJson,
  writeString,
} from './storage.ts';

export interface SessionState {
  token: string | null;
  profile: UserProfile | null;
  /** Stores a new session (sign-in, email verification). */
  signIn: (token: string, profile: UserProfile) => void;
  setProfile: (profile: UserProfile) => void;
  /** Forgets the session locally; the server call is made by the caller when it can be. */
  clear: () => void;
}

/** The session lives in localStorage (`token`, `myProfile`) so it survives reloads and is shared by tabs. */
export const useSession = create<SessionState>((set) => ({
  token: readString(STORAGE_KEYS.token),
  profile: readJson<UserProfile>(STORAGE_KEYS.myProfile),
  signIn: (token, profile) => {
    writeString(STORAGE_KEYS.token, token);
    writeJson(STORAGE_KEYS.myProfile, profile);
    writeString(STORAGE_KEYS.userEmail, profile.email);
    writeString(STORAGE_KEYS.lastActivity, String(Date.now()));
    set({ token, profile });
  },
  setProfile: (profile) => {
    writeJson(STORAGE_KEYS.myProfile, profile);
    set({ profile });
  },
  clear: () => {
    clearForLogout();
    set({ token: null, profile: null });
  },
}));

export const isSignedIn = (): boolean => useSession.getState().token !== null;

/**
 * Where the server says a sign-in goes on (`next` of the session answers: a lead made from the sign-up's
 * domain to pay for, or 'Insufficient Budget'); read once by the buy flow when the session begins.
 */
export interface SignInContinuation {
  next?: string | null;
  leadUID?: string | null;
}
let continuation: SignInContinuation | null = null;

/** The continuation of the sign-in under way (taken once). */
export function takeSignInContinuation(): SignInContinuation | null {
  const taken = continuation;
  continuation = null;
  return taken;
}

/** A session from a sign-in, sign-up, Google or verification answer (every feature signs in this way). */
export function signInWith(token: string, user: UserProfile, answer?: object): void {
  const { next, leadUID } = (answer ?? {}) as SignInContinuation;
  continuation =
    typeof next === 'string' ? { next, leadUID: typeof leadUID === 'string' ? leadUID : null } : null;
  useSession.getState().signIn(token, user);
  continuation = null;
  // a successful sign-up or sign-in no longer needs the stored domain of a previous visit
  remove(STORAGE_KEYS.domainName);
}
