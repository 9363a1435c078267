import { CONTACT_MESSAGES } from '@domain-broker/shared/schemas/contact';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages.ts';

describe('the contact form messages', () => {
  it('translates every message of the shared contact schema', () => {
    for (const text of Object.values(CONTACT_MESSAGES)) expect(Object.keys(MESSAGES)).toContain(text);
  });
});
