import { describe, expect, it } from 'vitest';
import { LEAD_STATUSES, leadWantsPhone, OPEN_LEAD_STATUSES } from './lead-status.ts';

describe('a lead that needs the buyer’s phone (decision A30)', () => {
  it('is an open lead (pending or new) preferring Phone or PhoneText', () => {
    for (const status of OPEN_LEAD_STATUSES)
      for (const preferredContact of ['Phone', 'PhoneText'])
        expect(leadWantsPhone({ status, preferredContact })).toBe(true);
  });

  it('is not a lead preferring Email or nothing, nor a sold, refunded or canceled one', () => {
    expect(leadWantsPhone({ status: 'new', preferredContact: 'Email' })).toBe(false);
    expect(leadWantsPhone({ status: 'pending', preferredContact: null })).toBe(false);
    for (const status of LEAD_STATUSES.filter((s) => !(OPEN_LEAD_STATUSES as readonly string[]).includes(s)))
      expect(leadWantsPhone({ status, preferredContact: 'Phone' })).toBe(false);
  });
});
