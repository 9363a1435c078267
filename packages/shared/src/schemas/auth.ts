/**
 * Account payloads (docs/product.md "Account screens", "Validation rules"). One schema per payload: the
 * server validates bodies with the `*Body` schemas; the portal's forms use the `*Form` schemas, which add the
 * client-only fields (confirmation, terms) and keep the same messages.
 */
import * as v from 'valibot';
import { FIELD_MESSAGES } from '../field-messages.ts';
import { REGISTRAR_ID_MAX_LENGTH } from '../widget-contract.ts';
import {
  amountField,
  botTokenField,
  domainField,
  emailField,
  existingPasswordField,
  localeField,
  noNul,
  optionalText,
  otpField,
  PASSWORD_RULE_MESSAGE,
  passwordField,
  phoneField,
  requiredText,
  roleTypeField,
  UNKNOWN_FIELD,
  userInterestField,
} from './common.ts';

export { PASSWORD_RULE_MESSAGE };

/** The confirmation box of every new-password form (its match is checked on the whole object). */
const confirmPasswordField = v.pipe(
  v.string(FIELD_MESSAGES.CONFIRM_PASSWORD_EMPTY),
  v.nonEmpty(FIELD_MESSAGES.CONFIRM_PASSWORD_EMPTY),
);

const signupEmail = emailField(FIELD_MESSAGES.EMAIL_EMPTY, FIELD_MESSAGES.EMAIL_NOT_VALID);

/** The domain context a sign-up may carry (a registrar referral, an appraisal, a budget). */
const domainContext = {
  domainName: v.optional(
    v.pipe(v.string(), v.trim(), v.maxLength(253, FIELD_MESSAGES.DOMAIN_NOT_VALID), noNul),
  ),
  offerAmount: v.optional(v.union([v.pipe(v.string(), noNul), v.number()])),
  userInterested: userInterestField,
  registrarUID: optionalText(REGISTRAR_ID_MAX_LENGTH),
  appraisalUser: v.optional(v.boolean()),
  referralURL: optionalText(2048),
  formName: optionalText(100),
  locale: localeField,
};

const { domainName: _domainName, offerAmount: _offerAmount, ...enquiryContext } = domainContext;

export const SignupBody = v.strictObject(
  {
    email: signupEmail,
    name: optionalText(200),
    password: v.optional(passwordField(FIELD_MESSAGES.PASSWORD_EMPTY)),
    confirmPassword: v.optional(v.string()),
    ...domainContext,
    /** The captcha answer, checked when the deployment has a captcha (decision A37). */
    botToken: botTokenField,
  },
  UNKNOWN_FIELD,
);
export type SignupBody = v.InferOutput<typeof SignupBody>;

export const SignUpWithDomainBody = v.strictObject(
  {
    name: requiredText(FIELD_MESSAGES.NAME_REQUIRED),
    email: emailField(FIELD_MESSAGES.EMAIL_ENTER_VALID, FIELD_MESSAGES.EMAIL_ENTER_VALID),
    password: passwordField(FIELD_MESSAGES.PASSWORD_REQUIRED),
    phone: phoneField(FIELD_MESSAGES.PHONE_REQUIRED, FIELD_MESSAGES.PHONE_ENTER_VALID),
    domainName: domainField(FIELD_MESSAGES.DOMAIN_NAME_REQUIRED, FIELD_MESSAGES.DOMAIN_NOT_VALID),
    offerAmount: amountField(FIELD_MESSAGES.BUDGET_REQUIRED),
    ...enquiryContext,
    /** The captcha answer, checked when the deployment has a captcha (decision A37). */
    botToken: botTokenField,
  },
  UNKNOWN_FIELD,
);
export type SignUpWithDomainBody = v.InferOutput<typeof SignUpWithDomainBody>;

export const LoginBody = v.strictObject(
  {
    email: signupEmail,
    password: existingPasswordField(FIELD_MESSAGES.PASSWORD_EMPTY),
    roleType: roleTypeField,
  },
  UNKNOWN_FIELD,
);
export type LoginBody = v.InferOutput<typeof LoginBody>;

/** Profile fields the spec's client sends with a Google sign-in: accepted and ignored (the token is the truth). */
const ignoredSocialProfile = {
  email: v.optional(v.unknown()),
  provider_id: v.optional(v.unknown()),
  provider_name: v.optional(v.unknown()),
  image: v.optional(v.unknown()),
  name: v.optional(v.unknown()),
};

const PROVIDER_TOKEN_ERROR = FIELD_MESSAGES.TOKEN_INVALID;
/** What a sign-in provider sent back (a token, a code, a state): any failure is the one message. */
const providerToken = (max: number) =>
  v.pipe(
    v.string(PROVIDER_TOKEN_ERROR),
    v.nonEmpty(PROVIDER_TOKEN_ERROR),
    v.maxLength(max, PROVIDER_TOKEN_ERROR),
  );

export const SocialLoginBody = v.strictObject(
  {
    credential: providerToken(8192),
    roleType: roleTypeField,
    ...ignoredSocialProfile,
    ...domainContext,
  },
  UNKNOWN_FIELD,
);
export type SocialLoginBody = v.InferOutput<typeof SocialLoginBody>;

/** POST /linkedinLogin: what the provider sent back to /auth/linkedin, and the sign-up's context. */
export const LinkedInLoginBody = v.strictObject(
  {
    code: providerToken(2048),
    state: providerToken(200),
    roleType: roleTypeField,
    ...domainContext,
  },
  UNKNOWN_FIELD,
);
export type LinkedInLoginBody = v.InferOutput<typeof LinkedInLoginBody>;

export const OneTapLoginBody = SocialLoginBody;
export type OneTapLoginBody = SocialLoginBody;

export const SendVerificationCodeBody = v.strictObject({ email: signupEmail }, UNKNOWN_FIELD);
export type SendVerificationCodeBody = v.InferOutput<typeof SendVerificationCodeBody>;

export const VerifyEmailByCodeBody = v.strictObject(
  { email: signupEmail, verificationCode: otpField(FIELD_MESSAGES.OTP_EMPTY) },
  UNKNOWN_FIELD,
);
export type VerifyEmailByCodeBody = v.InferOutput<typeof VerifyEmailByCodeBody>;

/** The new password and its confirmation, as every form that sets a password asks them. */
const newPasswordEntries = {
  password: passwordField(FIELD_MESSAGES.PASSWORD_EMPTY),
  confirmPassword: confirmPasswordField,
};

/**
 * `schema` with the rule that confirmPassword equals password, reported under confirmPassword (where
 * the form shows it). Its types are the object's: the rule narrows no field.
 */
function confirmingPassword<
  TSchema extends v.GenericSchema<unknown, { password: string; confirmPassword: string }>,
>(schema: TSchema, mismatchMessage: string): TSchema {
  type Pair = { password: string; confirmPassword: string };
  const rule = v.forward<Pair, v.PartialCheckIssue<Pair>, ['confirmPassword']>(
    v.partialCheck(
      [['password'], ['confirmPassword']],
      (i) => i.password === i.confirmPassword,
      mismatchMessage,
    ),
    ['confirmPassword'],
  );
  return v.pipe(schema as v.GenericSchema<unknown, Pair>, rule) as unknown as TSchema;
}

const recoveryEmail = emailField(FIELD_MESSAGES.EMAIL_FIELD_EMPTY, FIELD_MESSAGES.EMAIL_ADDRESS_INVALID);

export const ForgotPasswordBody = v.strictObject(
  { email: recoveryEmail, roleType: roleTypeField },
  UNKNOWN_FIELD,
);
export type ForgotPasswordBody = v.InferOutput<typeof ForgotPasswordBody>;

export const ResetPasswordBody = confirmingPassword(
  v.strictObject(
    {
      email: recoveryEmail,
      OTP: otpField(FIELD_MESSAGES.OTP_REQUIRED),
      ...newPasswordEntries,
    },
    UNKNOWN_FIELD,
  ),
  FIELD_MESSAGES.PASSWORDS_MISMATCH,
);
export type ResetPasswordBody = v.InferOutput<typeof ResetPasswordBody>;

/** POST /setPassword: a one-time set-password link's token (from the link) and the new password. */
export const SetPasswordBody = confirmingPassword(
  v.strictObject(
    {
      token: v.pipe(
        v.string(FIELD_MESSAGES.LINK_INVALID),
        v.regex(/^[A-Za-z0-9_-]{43}$/, FIELD_MESSAGES.LINK_INVALID),
      ),
      ...newPasswordEntries,
    },
    UNKNOWN_FIELD,
  ),
  FIELD_MESSAGES.PASSWORDS_MISMATCH,
);
export type SetPasswordBody = v.InferOutput<typeof SetPasswordBody>;

export const ChangePasswordBody = v.pipe(
  confirmingPassword(
    v.strictObject(
      {
        oldPassword: existingPasswordField(FIELD_MESSAGES.CURRENT_PASSWORD_EMPTY),
        ...newPasswordEntries,
      },
      UNKNOWN_FIELD,
    ),
    FIELD_MESSAGES.PASSWORDS_MUST_MATCH,
  ),
  v.forward(
    v.partialCheck(
      [['oldPassword'], ['password']],
      (i) => i.oldPassword !== i.password,
      FIELD_MESSAGES.SAME_PASSWORD,
    ),
    ['password'],
  ),
);
export type ChangePasswordBody = v.InferOutput<typeof ChangePasswordBody>;

// ---- portal forms (client-only fields on top of the bodies) ----

const termsAccepted = (message: string) => v.literal(true, message);

export const SignupForm = confirmingPassword(
  v.object({
    email: signupEmail,
    ...newPasswordEntries,
    terms: termsAccepted(FIELD_MESSAGES.TERMS_REQUIRED),
  }),
  FIELD_MESSAGES.CONFIRM_PASSWORD_MISMATCH,
);
export type SignupForm = v.InferInput<typeof SignupForm>;

/** The name-and-email sign-up variant: a temporary password is mailed. */
export const NameEmailSignupForm = v.object({
  name: requiredText(FIELD_MESSAGES.NAME_REQUIRED),
  email: signupEmail,
  terms: termsAccepted(FIELD_MESSAGES.TERMS_REQUIRED_TITLE),
});
export type NameEmailSignupForm = v.InferInput<typeof NameEmailSignupForm>;

export const LoginForm = v.object({
  email: signupEmail,
  password: existingPasswordField(FIELD_MESSAGES.PASSWORD_REQUIRED),
});
export type LoginForm = v.InferInput<typeof LoginForm>;

export const ForgotPasswordEmailForm = v.object({ email: recoveryEmail });
export type ForgotPasswordEmailForm = v.InferInput<typeof ForgotPasswordEmailForm>;

export const ResetPasswordForm = confirmingPassword(
  v.object({
    OTP: otpField(FIELD_MESSAGES.OTP_REQUIRED),
    ...newPasswordEntries,
  }),
  FIELD_MESSAGES.PASSWORDS_MISMATCH,
);
export type ResetPasswordForm = v.InferInput<typeof ResetPasswordForm>;

/** The /set-password page's fields (the token comes from the link). */
export const SetPasswordForm = confirmingPassword(
  v.object(newPasswordEntries),
  FIELD_MESSAGES.PASSWORDS_MISMATCH,
);
export type SetPasswordForm = v.InferInput<typeof SetPasswordForm>;

export const ChangePasswordForm = ChangePasswordBody;
export type ChangePasswordForm = v.InferInput<typeof ChangePasswordBody>;

export const VerificationCodeForm = v.object({ verificationCode: otpField(FIELD_MESSAGES.OTP_EMPTY) });
export type VerificationCodeForm = v.InferInput<typeof VerificationCodeForm>;

/** The registrar landing page's enquiry form; a domain typed without a dot gets .com (see withDefaultExtension). */
export const RegistrarEnquiryForm = v.object({
  name: requiredText(FIELD_MESSAGES.NAME_REQUIRED),
  email: emailField(FIELD_MESSAGES.EMAIL_ENTER_VALID, FIELD_MESSAGES.EMAIL_ENTER_VALID),
  password: passwordField(FIELD_MESSAGES.PASSWORD_REQUIRED),
  phone: phoneField(FIELD_MESSAGES.PHONE_REQUIRED, FIELD_MESSAGES.PHONE_ENTER_VALID),
  domainName: requiredText(FIELD_MESSAGES.DOMAIN_NAME_REQUIRED, 253),
  offerAmount: amountField(FIELD_MESSAGES.BUDGET_REQUIRED),
});
export type RegistrarEnquiryForm = v.InferInput<typeof RegistrarEnquiryForm>;
