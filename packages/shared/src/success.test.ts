import { describe, expect, it } from 'vitest';
import { ERRORS } from './errors.ts';
import { FIELD_MESSAGES } from './field-messages.ts';
import { isSuccessBody, SUCCESS, success } from './success.ts';

describe('success answers', () => {
  it('carry the catalogue’s English text and its code, and the data when given', () => {
    expect(success('PROFILE_UPDATED')).toEqual({ message: SUCCESS.PROFILE_UPDATED, code: 'PROFILE_UPDATED' });
    expect(success('REFUNDED', { data: { uid: 'x' } })).toEqual({
      message: 'Your payment has been refunded.',
      code: 'REFUNDED',
      data: { uid: 'x' },
    });
  });

  it('fill the text’s placeholders', () => {
    const a = success('SURVEY_COMPLETED', { values: { domain: 'example.com' } });
    expect(a.message).toContain('regarding, example.com and');
    expect(a.message).not.toContain('{domain}');
    expect(a.code).toBe('SURVEY_COMPLETED');
  });

  it('are recognised by their code, not by their text', () => {
    expect(isSuccessBody(success('LOGGED_OUT'))).toBe(true);
    expect(isSuccessBody({ message: SUCCESS.LOGGED_OUT })).toBe(false);
    expect(isSuccessBody({ message: SUCCESS.LOGGED_OUT, code: 'NOPE' })).toBe(false);
  });

  it('have codes no error shares, so a code alone says which catalogue it is from', () => {
    const errors = new Set(Object.keys(ERRORS));
    expect(Object.keys(SUCCESS).filter((c) => errors.has(c))).toEqual([]);
    expect(Object.keys(FIELD_MESSAGES).length).toBeGreaterThan(0);
  });
});
