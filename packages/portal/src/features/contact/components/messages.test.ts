import { fieldMessageCode } from '@domain-broker/shared/field-messages';
import { CONTACT_MESSAGES } from '@domain-broker/shared/schemas/contact';
import { describe, expect, it } from 'vitest';
import { FIELD_TEXTS } from '#portal/lib/messages.ts';

describe('the contact form messages', () => {
  it('translates every message of the shared contact schema, by its code', () => {
    for (const text of Object.values(CONTACT_MESSAGES)) {
      const code = fieldMessageCode(text);
      expect(code, text).toBeDefined();
      expect(Object.keys(FIELD_TEXTS)).toContain(code);
    }
  });
});
