import { describe, expect, it } from 'vitest';
import { copyrightYears } from './footer.tsx';

describe('the footer copyright', () => {
  it('shows the founding year and the current year', () => {
    expect(copyrightYears(new Date('2026-11-24T12:00:00Z'))).toBe('2022-2026');
    expect(copyrightYears(new Date('2031-01-01T12:00:00Z'))).toBe('2022-2031');
    expect(copyrightYears(new Date('2022-06-01T12:00:00Z'))).toBe('2022');
    expect(copyrightYears()).toBe(`2022-${new Date().getFullYear()}`);
  });
});
