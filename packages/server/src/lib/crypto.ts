import { hash as oneShotHash, randomBytes, randomInt } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** Algorithm.Argon2id (a const enum, which isolated modules cannot import). */
const ARGON2ID = 2;

export type HashCost = 'standard' | 'test';

const COSTS = {
  // OWASP's argon2id baseline: m=19456 KiB, t=2, p=1.
  standard: { memoryCost: 19456, timeCost: 2, parallelism: 1 },
  // Tests only (refused in production by config): keeps the suite fast.
  test: { memoryCost: 1024, timeCost: 1, parallelism: 1 },
} as const;

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(hash: string, password: string): Promise<boolean>;
  /** Burns the same time as a real verify, for unknown accounts. */
  dummyVerify(password: string): Promise<void>;
}

export function createPasswordHasher(cost: HashCost): PasswordHasher {
  const options = { algorithm: ARGON2ID, ...COSTS[cost] };
  let dummy: Promise<string> | undefined;
  return {
    hash: (password) => hash(password, options),
    verify: async (h, password) => {
      try {
        return await verify(h, password);
      } catch {
        return false;
      }
    },
    dummyVerify: async (password) => {
      dummy ??= hash(randomBytes(16).toString('hex'), options);
      try {
        await verify(await dummy, password);
      } catch {
        /* always false */
      }
    },
  };
}

/** 256-bit opaque session token (base64url). */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Hex SHA-256 (one-shot `crypto.hash`: a third of createHash's cost, and it runs on every request). */
export function sha256(s: string): string {
  return oneShotHash('sha256', s, 'hex');
}

/** Six digits from the CSPRNG, zero-padded. */
export function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** A temporary password that satisfies the password rule (upper, lower, digit, special). */
export function newTemporaryPassword(): string {
  const body = randomBytes(9).toString('base64url').replace(/[-_]/g, 'x');
  return `${body}A7@`;
}
