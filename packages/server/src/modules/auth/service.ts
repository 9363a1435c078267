/**
 * Account rules: sign-up, sign-in, email verification, password recovery and change, Google and
 * LinkedIn sign-in. Each takes the app's services and the client's address (the limits are per address).
 */
import { AppError } from '@domain-broker/shared/errors';
import type {
  ChangePasswordBody,
  ForgotPasswordBody,
  LinkedInLoginBody,
  LoginBody,
  ResetPasswordBody,
  SendVerificationCodeBody,
  SetPasswordBody,
  SignUpWithDomainBody,
  SignupBody,
  SocialLoginBody,
  VerifyEmailByCodeBody,
} from '@domain-broker/shared/schemas/auth';
import type { SignInContinuation } from '@domain-broker/shared/schemas/leads';
import type { UserProfile } from '@domain-broker/shared/schemas/profile';
import type { SuccessCode } from '@domain-broker/shared/success';
import { normalizePhone } from '@domain-broker/shared/validators';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { users } from '#server/db/schema/index.ts';
import type { Services } from '#server/deps.ts';
import { checkMailSender } from '#server/lib/captcha.ts';
import { newTemporaryPassword } from '#server/lib/crypto.ts';
import { mailTokenSecret } from '#server/lib/mail/unsubscribe.ts';
import { continueAfterSignIn } from '../enquiries/continue.ts';
import { type DomainContext, hasDomainContext, recordEnquiry } from '../enquiries/service.ts';
import { addRole, insertAccount, type NewAccount, recordSignIn, updateAccount } from '../profile/accounts.ts';
import { loadProfile } from '../profile/service.ts';
import { isBuyInterest } from '../promo/service.ts';
import { consumeCode, issueCode } from './codes.ts';
import type { SocialIdentity } from './google.ts';
import { createSession, revokeAllSessions } from './sessions.ts';
import { setPasswordWithLink } from './set-password.ts';

/** What a route answers: a status and the success body. */
export interface Outcome<T = unknown> {
  status: 200 | 201 | 203 | 207;
  /** The success catalogue's code: the answer is `success(code, { data })`. */
  code?: SuccessCode;
  data?: T;
}

type UserRow = typeof users.$inferSelect;

async function findUser(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [u] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return u;
}

/**
 * The account of an email that must exist (EMAIL_NOT_REGISTERED) and, when `unverified`, not be
 * verified yet (EMAIL_ALREADY_VERIFIED).
 */
async function registeredUser(db: DbOrTx, email: string, unverified = false): Promise<UserRow> {
  const user = await findUser(db, email);
  if (!user) throw new AppError('EMAIL_NOT_REGISTERED');
  if (unverified && user.emailVerifiedAt) throw new AppError('EMAIL_ALREADY_VERIFIED');
  return user;
}

/**
 * A new account, in the sign-up's transaction: the users row, the Buyer role and, when the sign-up named
 * a domain or a wish to buy, its enquiry (which waits for the inbox to be proven: enquiries/continue.ts).
 * Undefined when a parallel sign-up of the same address won the race.
 */
async function insertBuyer(
  tx: DbOrTx,
  values: NewAccount,
  enquiry: Omit<Parameters<typeof recordEnquiry>[1], 'userUid'>,
) {
  const user = await insertAccount(tx, values);
  if (!user) return undefined;
  await addRole(tx, user.uid, 'Buyer');
  if (hasDomainContext(enquiry) || isBuyInterest(enquiry.userInterested))
    await recordEnquiry(tx, { ...enquiry, userUid: user.uid });
  return user;
}

function splitName(name: string | undefined): { firstName: string; lastName: string } {
  const parts = (name ?? '').trim().split(/\s+/).filter(Boolean);
  return { firstName: parts[0] ?? '', lastName: parts.slice(1).join(' ') };
}

/** Past this many times the per-account limit (all addresses together), sign-in is slowed. */
const ACCOUNT_CEILING = 5;
const CEILING_DELAY_MS = 1000;

// Limits are per client address and per (account, address), never per account alone: a stranger
// guessing passwords or asking for codes from their own address cannot lock the owner out
// (docs/decisions/006-codes-and-rate-limits.md). Across every address, an account past
// ACCOUNT_CEILING × the per-account limit is slowed, not refused.
const limitSignin = async ({ rateLimiter: rl, config }: Services, ip: string, email?: string) => {
  const lim = config.rateLimit;
  await rl.hit(`signin:ip:${ip}`, lim.signinPerIp);
  if (!email) return;
  await rl.hit(`signin:acct-ip:${email}:${ip}`, lim.signinPerAccount);
  if ((await rl.count(`signin:acct:${email}`)) > lim.signinPerAccount * ACCOUNT_CEILING)
    await new Promise((r) => setTimeout(r, CEILING_DELAY_MS));
};
const limitMail = async ({ rateLimiter: rl, config }: Services, ip: string, email: string) => {
  await rl.hit(`mail:ip:${ip}`, config.rateLimit.mailPerIp);
  await rl.hit(`mail:acct-ip:${email}:${ip}`, config.rateLimit.mailPerAccount);
};
const limitSignup = ({ rateLimiter: rl, config }: Services, ip: string) =>
  rl.hit(`signup:ip:${ip}`, config.rateLimit.signupPerIp);

async function sendCode(s: Services, tx: DbOrTx, user: UserRow, purpose: 'verify' | 'reset') {
  const code = await issueCode(tx, user.uid, purpose, s.now());
  await s.enqueueMail(tx, {
    to: user.email,
    template: purpose === 'verify' ? 'verification-code' : 'reset-code',
    locale: user.locale === 'zh' ? 'zh' : 'en',
    data: { code, minutes: '10', name: user.firstName },
  });
}

/**
 * What a sign-up asked for (a lead for its domain, the promo code of a 'buy' sign-up), carried out
 * now that the inbox is proven. A failure here never fails the sign-in: the enquiry stays pending
 * and the next sign-in tries again.
 */
async function continuation(s: Services, userUid: string, now: Date): Promise<SignInContinuation> {
  try {
    return await continueAfterSignIn(s, userUid, now);
  } catch (err) {
    s.logger.error({ err, userUid }, 'sign-up continuation failed');
    return { next: null, leadUID: null };
  }
}

async function signedIn(
  s: Services,
  userUid: string,
  code: SuccessCode,
  status: 200 | 201 = 200,
): Promise<Outcome<{ token: string; user: UserProfile } & SignInContinuation>> {
  const now = s.now();
  const token = await s.db.transaction(async (tx) => {
    await recordSignIn(tx, userUid, now);
    return createSession(tx, userUid, now, s.config.session);
  });
  const next = await continuation(s, userUid, now);
  const user = await loadProfile(s.db, userUid);
  if (!user) throw new AppError('USER_NOT_FOUND');
  return { status, code, data: { token, user, ...next } };
}

interface Registration extends DomainContext {
  email: string;
  name?: string;
  password?: string;
  phone?: string;
  locale?: 'en' | 'zh';
  botToken?: string | null;
  source: string;
}

/**
 * Shared by /signup and /signUpWithDomain. Both make an account and mail it, so they check their
 * sender like the other public forms that mail (decision A37): the captcha when the deployment has one
 * (451), then the address's mail limit, before anything is written or mailed.
 */
async function register(s: Services, ip: string, a: Registration): Promise<Outcome> {
  await limitSignup(s, ip);
  await checkMailSender(s, a.botToken, ip);
  // An existing address gets no mail, so the attempt spends nothing of that account's mail quota.
  if (await findUser(s.db, a.email)) return { status: 203, code: 'USER_EXISTS' };
  await s.rateLimiter.hit(`mail:acct-ip:${a.email}:${ip}`, s.config.rateLimit.mailPerAccount);
  const temporary = a.password === undefined ? newTemporaryPassword() : undefined;
  const passwordHash = await s.hasher.hash(a.password ?? (temporary as string));
  const now = s.now();
  const { firstName, lastName } = splitName(a.name);
  const locale = a.locale ?? 'en';
  const created = await s.db.transaction(async (tx) => {
    const values = {
      email: a.email,
      firstName,
      lastName,
      passwordHash,
      phone: a.phone ? (normalizePhone(a.phone) ?? a.phone) : '',
      locale,
      userInterested: a.userInterested ?? null,
      // A mailed temporary password proves the inbox on first sign-in; a chosen one needs a code.
      emailVerifiedAt: temporary ? now : null,
      createdAt: now,
      updatedAt: now,
    };
    const user = await insertBuyer(tx, values, { ...a, now });
    if (!user) return undefined; // lost a race with a parallel sign-up of the same address
    if (temporary) {
      await s.enqueueMail(tx, {
        to: user.email,
        template: 'temporary-password',
        locale,
        data: { password: temporary, name: firstName },
      });
    } else {
      await sendCode(s, tx, user, 'verify');
    }
    return user;
  });
  if (!created) return { status: 203, code: 'USER_EXISTS' };
  return temporary
    ? { status: 201, code: 'PASSWORD_SENT', data: { email: created.email } }
    : { status: 207, code: 'EMAIL_VERIFICATION_REQUIRED', data: { email: created.email } };
}

/**
 * Google and LinkedIn: a known subject signs in; otherwise only a verified address makes a new account
 * (201, password mailed). An address that already has an account is never taken over (409).
 */
const socialSignIn = async (
  s: Services,
  ip: string,
  provider: 'google' | 'linkedin',
  id: SocialIdentity,
  body: DomainContext & { locale?: 'en' | 'zh' },
  source: string,
): Promise<Outcome> => {
  const subColumn = provider === 'google' ? users.googleSub : users.linkedinSub;
  const [bySub] = await s.db.select().from(users).where(eq(subColumn, id.sub)).limit(1);
  if (bySub) return signedIn(s, bySub.uid, 'LOGGED_IN');
  if (!id.emailVerified) throw new AppError('TOKEN_VERIFICATION_FAILED');
  if (await findUser(s.db, id.email)) throw new AppError('ACCOUNT_ALREADY_REGISTERED');
  await limitSignup(s, ip);
  const temporary = newTemporaryPassword();
  const passwordHash = await s.hasher.hash(temporary);
  const now = s.now();
  const locale = body.locale ?? 'en';
  const created = await s.db.transaction(async (tx) => {
    const values = {
      email: id.email,
      firstName: id.givenName || splitName(id.name).firstName,
      lastName: id.familyName || splitName(id.name).lastName,
      image: id.picture,
      ...(provider === 'google' ? { googleSub: id.sub } : { linkedinSub: id.sub }),
      passwordHash,
      locale,
      userInterested: body.userInterested ?? null,
      emailVerifiedAt: now,
      createdAt: now,
      updatedAt: now,
    };
    const ctx: DomainContext = body;
    const user = await insertBuyer(tx, values, { ...ctx, email: id.email, source, now });
    if (!user) return undefined;
    await s.enqueueMail(tx, {
      to: user.email,
      template: 'temporary-password',
      locale,
      data: { password: temporary, name: user.firstName },
    });
    return user;
  });
  if (!created) throw new AppError('ACCOUNT_ALREADY_REGISTERED');
  // 201: the account was created and a password was mailed (the spec's password-sent alert).
  return signedIn(s, created.uid, 'PASSWORD_SENT', 201);
};

export async function signup(s: Services, ip: string, body: SignupBody): Promise<Outcome> {
  if (
    body.password !== undefined &&
    body.confirmPassword !== undefined &&
    body.confirmPassword !== body.password
  ) {
    throw new AppError('VALIDATION_FAILED', {
      message: 'Confirm password is not match.',
      errors: [{ field: 'confirmPassword', message: 'Confirm password is not match.' }],
    });
  }
  const { confirmPassword: _c, ...rest } = body;
  return register(s, ip, { ...rest, source: 'signup' });
}

export async function signUpWithDomain(
  s: Services,
  ip: string,
  body: SignUpWithDomainBody,
): Promise<Outcome> {
  return register(s, ip, { ...body, source: 'signUpWithDomain' });
}

export async function login(s: Services, ip: string, body: LoginBody): Promise<Outcome> {
  await limitSignin(s, ip, body.email);
  const user = await findUser(s.db, body.email);
  // a deactivated (deleted) account signs in no more, answered like an unknown one
  if (!user?.passwordHash || user.deactivatedAt) {
    await s.hasher.dummyVerify(body.password);
    throw new AppError('INVALID_CREDENTIALS');
  }
  if (!(await s.hasher.verify(user.passwordHash, body.password))) throw new AppError('INVALID_CREDENTIALS');
  if (!user.emailVerifiedAt) {
    await limitMail(s, ip, user.email);
    await s.db.transaction((tx) => sendCode(s, tx, user, 'verify'));
    return { status: 207, code: 'EMAIL_VERIFICATION_REQUIRED', data: { email: user.email } };
  }
  return signedIn(s, user.uid, 'LOGGED_IN');
}

export async function sendVerificationCode(
  s: Services,
  ip: string,
  body: SendVerificationCodeBody,
): Promise<Outcome> {
  await limitMail(s, ip, body.email);
  const user = await registeredUser(s.db, body.email, true);
  await s.db.transaction((tx) => sendCode(s, tx, user, 'verify'));
  return { status: 200, code: 'VERIFICATION_SENT', data: { email: user.email } };
}

export async function verifyEmailByCode(
  s: Services,
  ip: string,
  body: VerifyEmailByCodeBody,
): Promise<Outcome> {
  await limitSignin(s, ip);
  const user = await registeredUser(s.db, body.email, true);
  // Consumed outside a transaction: a wrong try must count even though the request fails.
  await consumeCode(s.db, user.uid, 'verify', body.verificationCode, s.now());
  const now = s.now();
  await s.db.transaction(async (tx) => {
    await updateAccount(tx, user.uid, { emailVerifiedAt: now }, now);
    await s.enqueueMail(tx, {
      to: user.email,
      template: 'welcome',
      locale: user.locale === 'zh' ? 'zh' : 'en',
      data: { name: user.firstName },
    });
  });
  return signedIn(s, user.uid, 'EMAIL_VERIFIED');
}

export async function forgotPassword(s: Services, ip: string, body: ForgotPasswordBody): Promise<Outcome> {
  await limitMail(s, ip, body.email);
  const user = await registeredUser(s.db, body.email);
  await s.db.transaction((tx) => sendCode(s, tx, user, 'reset'));
  return { status: 200, code: 'VERIFICATION_SENT', data: { email: user.email } };
}

export async function resetPassword(s: Services, ip: string, body: ResetPasswordBody): Promise<Outcome> {
  await limitSignin(s, ip);
  const user = await findUser(s.db, body.email);
  if (!user) throw new AppError('OTP_EXPIRED');
  await consumeCode(s.db, user.uid, 'reset', body.OTP, s.now());
  const passwordHash = await s.hasher.hash(body.password);
  const now = s.now();
  await s.db.transaction(async (tx) => {
    // The code came from the inbox, so the address is proven too.
    await updateAccount(tx, user.uid, { passwordHash, emailVerifiedAt: user.emailVerifiedAt ?? now }, now);
    await revokeAllSessions(tx, user.uid, now);
  });
  return { status: 200, code: 'PASSWORD_RESET' };
}

export async function changePassword(
  s: Services,
  ip: string,
  userUid: string,
  body: ChangePasswordBody,
): Promise<Outcome> {
  await s.rateLimiter.hit(`signin:ip:${ip}`, s.config.rateLimit.signinPerIp);
  await s.rateLimiter.hit(`password-change:acct:${userUid}`, s.config.rateLimit.signinPerAccount);
  const [user] = await s.db.select().from(users).where(eq(users.uid, userUid)).limit(1);
  if (!user) throw new AppError('USER_NOT_FOUND');
  if (!user.passwordHash || !(await s.hasher.verify(user.passwordHash, body.oldPassword)))
    throw new AppError('CURRENT_PASSWORD_WRONG');
  const passwordHash = await s.hasher.hash(body.password);
  const now = s.now();
  await s.db.transaction(async (tx) => {
    await updateAccount(tx, userUid, { passwordHash }, now);
    await revokeAllSessions(tx, userUid, now);
  });
  return { status: 200, code: 'PASSWORD_CHANGED' };
}

/** POST /setPassword: the one-time set-password link (set-password.ts), under the sign-in limit of the address. */
export async function setPassword(s: Services, ip: string, body: SetPasswordBody): Promise<Outcome> {
  await s.rateLimiter.hit(`signin:ip:${ip}`, s.config.rateLimit.signinPerIp);
  return setPasswordWithLink(s.db, s.hasher, body, s.now());
}

/** socialLogin and oneTabLogin: Google identifies by `sub`; never merged into a password account. */
export async function googleSignIn(
  s: Services,
  ip: string,
  body: SocialLoginBody,
  source: 'socialLogin' | 'oneTabLogin',
): Promise<Outcome> {
  const verify = s.google;
  if (!verify) throw new AppError('GOOGLE_UNAVAILABLE');
  await limitSignin(s, ip);
  return socialSignIn(s, ip, 'google', await verify(body.credential), body, source);
}

/** GET /linkedinLogin: the provider's sign-in address, with a fresh state. */
export async function linkedinStart(s: Services, ip: string): Promise<Outcome> {
  const client = s.linkedin;
  if (!client) throw new AppError('LINKEDIN_UNAVAILABLE');
  await limitSignin(s, ip);
  return { status: 200, data: await client.start(await mailTokenSecret(s.db)) };
}

/** POST /linkedinLogin: the same account rules as Google, keyed by the LinkedIn `sub`. */
export async function linkedinSignIn(s: Services, ip: string, body: LinkedInLoginBody): Promise<Outcome> {
  const client = s.linkedin;
  if (!client) throw new AppError('LINKEDIN_UNAVAILABLE');
  await limitSignin(s, ip);
  const id = await client.finish(await mailTokenSecret(s.db), body.code, body.state);
  return socialSignIn(s, ip, 'linkedin', id, body, 'linkedinLogin');
}
