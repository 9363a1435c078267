import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  ChangePasswordBody,
  LoginBody,
  ResetPasswordBody,
  SignUpWithDomainBody,
  SignupBody,
  SignupForm,
  VerifyEmailByCodeBody,
} from './auth.ts';
import { UpdateProfileBody } from './profile.ts';

const messages = (schema: v.GenericSchema, input: unknown) => {
  const r = v.safeParse(schema, input);
  return r.success ? [] : r.issues.map((i) => i.message);
};

describe('account payloads', () => {
  it('uses the spec messages for sign-up', () => {
    expect(messages(SignupBody, { email: '' })).toEqual(["Email address can't be empty."]);
    expect(messages(SignupBody, { email: 'nope' })).toEqual(['Email address is not valid.']);
    expect(messages(SignupBody, { email: 'a@example.com', password: 'short' })[0]).toMatch(
      /at least 8 characters/,
    );
    expect(messages(SignupBody, { email: 'a@example.com', roles: ['Admin'] })).toEqual([
      'Unknown input field',
    ]);
  });
  it('normalises the email', () => {
    expect(v.parse(LoginBody, { email: ' A@Example.COM ', password: 'x' }).email).toBe('a@example.com');
  });
  it('checks the sign-up form confirmation and terms', () => {
    const base = { email: 'a@example.com', password: 'Secret1!', confirmPassword: 'Secret1!', terms: true };
    expect(messages(SignupForm, base)).toEqual([]);
    expect(messages(SignupForm, { ...base, confirmPassword: 'Secret2!' })).toEqual([
      'Confirm password is not match.',
    ]);
    expect(messages(SignupForm, { ...base, terms: false })).toEqual([
      'Please accept privacy policy & terms of service.',
    ]);
  });
  it('requires every enquiry field with its message', () => {
    expect(
      messages(SignUpWithDomainBody, {
        name: '',
        email: '',
        password: '',
        phone: '',
        domainName: '',
        offerAmount: '',
      }),
    ).toEqual([
      'Please Enter Your Name',
      'Please Enter Valid Email',
      'Please Enter Password',
      'Please Enter Phone Number',
      'Please Enter Your Domain Name',
      'Please Enter Your budget',
    ]);
  });
  it('accepts a numeric verification code and pads it', () => {
    expect(
      v.parse(VerifyEmailByCodeBody, { email: 'a@example.com', verificationCode: 42 }).verificationCode,
    ).toBe('000042');
    expect(messages(VerifyEmailByCodeBody, { email: 'a@example.com', verificationCode: '' })).toEqual([
      'Please enter OTP!',
    ]);
  });
  it('matches reset and change passwords', () => {
    expect(
      messages(ResetPasswordBody, {
        email: 'a@example.com',
        OTP: '123456',
        password: 'Secret1!',
        confirmPassword: 'Secret2!',
      }),
    ).toEqual(['password and confirm password must match']);
    expect(
      messages(ChangePasswordBody, {
        oldPassword: 'Secret1!',
        password: 'Secret1!',
        confirmPassword: 'Secret1!',
      }),
    ).toEqual(['Old and new password cannot be the same.']);
  });
  it('validates profile updates field by field', () => {
    expect(messages(UpdateProfileBody, {})).toEqual([]);
    expect(messages(UpdateProfileBody, { firstName: ' ' })).toEqual(['Please Enter First Name']);
    expect(messages(UpdateProfileBody, { phone: '123' })).toEqual(['Invalid phone number']);
    // an empty phone removes it
    expect(messages(UpdateProfileBody, { phone: '' })).toEqual([]);
    expect(messages(UpdateProfileBody, { email: 'x@example.com' })).toEqual(['Unknown input field']);
  });
});
