/** Account rules: sign-up, sign-in, email verification, password recovery and change, Google sign-in. */
import { AppError, SUCCESS } from '@domain-broker/shared/errors';
import type {
  ChangePasswordBody,
  ForgotPasswordBody,
  LinkedInLoginBody,
  LoginBody,
  ResetPasswordBody,
  SendVerificationCodeBody,
  SignUpWithDomainBody,
  SignupBody,
  SocialLoginBody,
  VerifyEmailByCodeBody,
} from '@domain-broker/shared/schemas/auth';
import type { SignInContinuation } from '@domain-broker/shared/schemas/leads';
import type { UserProfile } from '@domain-broker/shared/schemas/profile';
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
import type { GoogleVerifier, SocialIdentity } from './google.ts';
import type { LinkedInClient } from './linkedin.ts';
import { createSession, revokeAllSessions } from './sessions.ts';

/** What a route answers: a status and the success body. */
export interface Outcome<T = unknown> {
  status: 200 | 201 | 203 | 207;
  message?: string;
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

export function createAuthService(s: Services, ip: () => string) {
  const { db, config, hasher, rateLimiter: rl, enqueueMail } = s;
  const lim = config.rateLimit;
  const policy = config.session;

  // Limits are per client address and per (account, address), never per account alone: a stranger
  // guessing passwords or asking for codes from their own address cannot lock the owner out
  // (docs/decisions/006-codes-and-rate-limits.md). Across every address, an account past
  // ACCOUNT_CEILING × the per-account limit is slowed, not refused.
  const limitSignin = async (email?: string) => {
    await rl.hit(`signin:ip:${ip()}`, lim.signinPerIp);
    if (!email) return;
    await rl.hit(`signin:acct-ip:${email}:${ip()}`, lim.signinPerAccount);
    if ((await rl.count(`signin:acct:${email}`)) > lim.signinPerAccount * ACCOUNT_CEILING)
      await new Promise((r) => setTimeout(r, CEILING_DELAY_MS));
  };
  const limitMail = async (email: string) => {
    await rl.hit(`mail:ip:${ip()}`, lim.mailPerIp);
    await rl.hit(`mail:acct-ip:${email}:${ip()}`, lim.mailPerAccount);
  };
  const limitSignup = () => rl.hit(`signup:ip:${ip()}`, lim.signupPerIp);

  async function sendCode(tx: DbOrTx, user: UserRow, purpose: 'verify' | 'reset') {
    const code = await issueCode(tx, user.uid, purpose, s.now());
    await enqueueMail(tx, {
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
  async function continuation(userUid: string, now: Date): Promise<SignInContinuation> {
    try {
      return await continueAfterSignIn(s, userUid, now);
    } catch (err) {
      s.logger.error({ err, userUid }, 'sign-up continuation failed');
      return { next: null, leadUID: null };
    }
  }

  async function signedIn(
    userUid: string,
    message: string,
    status: 200 | 201 = 200,
  ): Promise<Outcome<{ token: string; user: UserProfile } & SignInContinuation>> {
    const now = s.now();
    const token = await db.transaction(async (tx) => {
      await recordSignIn(tx, userUid, now);
      return createSession(tx, userUid, now, policy);
    });
    const next = await continuation(userUid, now);
    const user = await loadProfile(db, userUid);
    if (!user) throw new AppError('USER_NOT_FOUND');
    return { status, message, data: { token, user, ...next } };
  }

  interface NewAccount extends DomainContext {
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
  async function register(a: NewAccount): Promise<Outcome> {
    await limitSignup();
    await checkMailSender(s, a.botToken, ip());
    // An existing address gets no mail, so the attempt spends nothing of that account's mail quota.
    if (await findUser(db, a.email)) return { status: 203, message: SUCCESS.USER_EXISTS };
    await rl.hit(`mail:acct-ip:${a.email}:${ip()}`, lim.mailPerAccount);
    const temporary = a.password === undefined ? newTemporaryPassword() : undefined;
    const passwordHash = await hasher.hash(a.password ?? (temporary as string));
    const now = s.now();
    const { firstName, lastName } = splitName(a.name);
    const locale = a.locale ?? 'en';
    const created = await db.transaction(async (tx) => {
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
        await enqueueMail(tx, {
          to: user.email,
          template: 'temporary-password',
          locale,
          data: { password: temporary, name: firstName },
        });
      } else {
        await sendCode(tx, user, 'verify');
      }
      return user;
    });
    if (!created) return { status: 203, message: SUCCESS.USER_EXISTS };
    return temporary
      ? { status: 201, message: SUCCESS.PASSWORD_SENT, data: { email: created.email } }
      : { status: 207, message: SUCCESS.EMAIL_VERIFICATION_REQUIRED, data: { email: created.email } };
  }

  /**
   * Google and LinkedIn: a known subject signs in; otherwise only a verified address makes a new account
   * (201, password mailed). An address that already has an account is never taken over (409).
   */
  const socialSignIn = async (
    provider: 'google' | 'linkedin',
    id: SocialIdentity,
    body: DomainContext & { locale?: 'en' | 'zh' },
    source: string,
  ): Promise<Outcome> => {
    const subColumn = provider === 'google' ? users.googleSub : users.linkedinSub;
    const [bySub] = await db.select().from(users).where(eq(subColumn, id.sub)).limit(1);
    if (bySub) return signedIn(bySub.uid, SUCCESS.LOGGED_IN);
    if (!id.emailVerified) throw new AppError('TOKEN_VERIFICATION_FAILED');
    if (await findUser(db, id.email)) throw new AppError('ACCOUNT_ALREADY_REGISTERED');
    await limitSignup();
    const temporary = newTemporaryPassword();
    const passwordHash = await hasher.hash(temporary);
    const now = s.now();
    const locale = body.locale ?? 'en';
    const created = await db.transaction(async (tx) => {
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
      await enqueueMail(tx, {
        to: user.email,
        template: 'temporary-password',
        locale,
        data: { password: temporary, name: user.firstName },
      });
      return user;
    });
    if (!created) throw new AppError('ACCOUNT_ALREADY_REGISTERED');
    // 201: the account was created and a password was mailed (the spec's password-sent alert).
    return signedIn(created.uid, SUCCESS.PASSWORD_SENT, 201);
  };

  return {
    async signup(body: SignupBody): Promise<Outcome> {
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
      return register({ ...rest, source: 'signup' });
    },

    async signUpWithDomain(body: SignUpWithDomainBody): Promise<Outcome> {
      return register({ ...body, source: 'signUpWithDomain' });
    },

    async login(body: LoginBody): Promise<Outcome> {
      await limitSignin(body.email);
      const user = await findUser(db, body.email);
      // a deactivated (deleted) account signs in no more, answered like an unknown one
      if (!user?.passwordHash || user.deactivatedAt) {
        await hasher.dummyVerify(body.password);
        throw new AppError('INVALID_CREDENTIALS');
      }
      if (!(await hasher.verify(user.passwordHash, body.password))) throw new AppError('INVALID_CREDENTIALS');
      if (!user.emailVerifiedAt) {
        await limitMail(user.email);
        await db.transaction((tx) => sendCode(tx, user, 'verify'));
        return { status: 207, message: SUCCESS.EMAIL_VERIFICATION_REQUIRED, data: { email: user.email } };
      }
      return signedIn(user.uid, SUCCESS.LOGGED_IN);
    },

    async sendVerificationCode(body: SendVerificationCodeBody): Promise<Outcome> {
      await limitMail(body.email);
      const user = await registeredUser(db, body.email, true);
      await db.transaction((tx) => sendCode(tx, user, 'verify'));
      return { status: 200, message: SUCCESS.VERIFICATION_SENT, data: { email: user.email } };
    },

    async verifyEmailByCode(body: VerifyEmailByCodeBody): Promise<Outcome> {
      await limitSignin();
      const user = await registeredUser(db, body.email, true);
      // Consumed outside a transaction: a wrong try must count even though the request fails.
      await consumeCode(db, user.uid, 'verify', body.verificationCode, s.now());
      const now = s.now();
      await db.transaction(async (tx) => {
        await updateAccount(tx, user.uid, { emailVerifiedAt: now }, now);
        await enqueueMail(tx, {
          to: user.email,
          template: 'welcome',
          locale: user.locale === 'zh' ? 'zh' : 'en',
          data: { name: user.firstName },
        });
      });
      return signedIn(user.uid, SUCCESS.EMAIL_VERIFIED);
    },

    async forgotPassword(body: ForgotPasswordBody): Promise<Outcome> {
      await limitMail(body.email);
      const user = await registeredUser(db, body.email);
      await db.transaction((tx) => sendCode(tx, user, 'reset'));
      return { status: 200, message: SUCCESS.VERIFICATION_SENT, data: { email: user.email } };
    },

    async resetPassword(body: ResetPasswordBody): Promise<Outcome> {
      await limitSignin();
      const user = await findUser(db, body.email);
      if (!user) throw new AppError('OTP_EXPIRED');
      await consumeCode(db, user.uid, 'reset', body.OTP, s.now());
      const passwordHash = await hasher.hash(body.password);
      const now = s.now();
      await db.transaction(async (tx) => {
        // The code came from the inbox, so the address is proven too.
        await updateAccount(
          tx,
          user.uid,
          { passwordHash, emailVerifiedAt: user.emailVerifiedAt ?? now },
          now,
        );
        await revokeAllSessions(tx, user.uid, now);
      });
      return { status: 200, message: SUCCESS.PASSWORD_RESET };
    },

    async changePassword(userUid: string, body: ChangePasswordBody): Promise<Outcome> {
      await rl.hit(`signin:ip:${ip()}`, lim.signinPerIp);
      await rl.hit(`password-change:acct:${userUid}`, lim.signinPerAccount);
      const [user] = await db.select().from(users).where(eq(users.uid, userUid)).limit(1);
      if (!user) throw new AppError('USER_NOT_FOUND');
      if (!user.passwordHash || !(await hasher.verify(user.passwordHash, body.oldPassword)))
        throw new AppError('CURRENT_PASSWORD_WRONG');
      const passwordHash = await hasher.hash(body.password);
      const now = s.now();
      await db.transaction(async (tx) => {
        await updateAccount(tx, userUid, { passwordHash }, now);
        await revokeAllSessions(tx, userUid, now);
      });
      return { status: 200, message: SUCCESS.PASSWORD_CHANGED };
    },

    /** socialLogin and oneTabLogin: Google identifies by `sub`; never merged into a password account. */
    async google(
      verify: GoogleVerifier | undefined,
      body: SocialLoginBody,
      source: string,
    ): Promise<Outcome> {
      if (!verify) throw new AppError('GOOGLE_UNAVAILABLE');
      await limitSignin();
      return socialSignIn('google', await verify(body.credential), body, source);
    },

    /** GET /linkedinLogin: the provider's sign-in address, with a fresh state. */
    async linkedinStart(client: LinkedInClient | undefined): Promise<Outcome> {
      if (!client) throw new AppError('LINKEDIN_UNAVAILABLE');
      await limitSignin();
      return { status: 200, data: await client.start(await mailTokenSecret(db)) };
    },

    /** POST /linkedinLogin: the same account rules as Google, keyed by the LinkedIn `sub`. */
    async linkedin(client: LinkedInClient | undefined, body: LinkedInLoginBody): Promise<Outcome> {
      if (!client) throw new AppError('LINKEDIN_UNAVAILABLE');
      await limitSignin();
      const id = await client.finish(await mailTokenSecret(db), body.code, body.state);
      return socialSignIn('linkedin', id, body, 'linkedinLogin');
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
