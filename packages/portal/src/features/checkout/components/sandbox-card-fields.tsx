import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { formStyles, TextField } from '#portal/components/form.tsx';
import type { FieldMessage, Registration } from '#portal/lib/schema-form.ts';
import {
  CARD_CVC_INCOMPLETE,
  CARD_EXPIRY_INCOMPLETE,
  CARD_NUMBER_INCOMPLETE,
  type CheckoutValues,
  formatCardNumber,
  formatExpiry,
} from '../utils/card.ts';
import styles from './checkout.module.css';

/** The card fields' own messages; the server's arrive translated (utils/server-texts.ts). */
const CARD_MESSAGES: Record<string, MessageDescriptor> = {
  [CARD_NUMBER_INCOMPLETE]: msg`Your card number is incomplete.`,
  [CARD_EXPIRY_INCOMPLETE]: msg`Your card's expiration date is incomplete.`,
  [CARD_CVC_INCOMPLETE]: msg`Your card's security code is incomplete.`,
};

/**
 * The sandbox's card fields (TEST MODE): number, expiry and CVV of our own, formatted as typed. The
 * sandbox turns them into a PaymentMethod as Stripe Elements would.
 */
export function SandboxCardFields({
  number,
  expiry,
  cvc,
  errors,
}: {
  number: Registration;
  expiry: Registration;
  cvc: Registration;
  errors: Partial<Record<keyof CheckoutValues, FieldMessage>>;
}) {
  const { t, i18n } = useLingui();
  const error = (name: 'cardNumber' | 'expiry' | 'cvc'): FieldMessage | undefined => {
    const found = errors[name];
    if (!found) return undefined;
    const descriptor = CARD_MESSAGES[found.message];
    return { message: descriptor ? i18n._(descriptor) : found.message };
  };
  return (
    <fieldset className={styles.cardFields}>
      <legend className={formStyles.label}>
        <Trans>Card details</Trans>
      </legend>
      <TextField
        label={t`Card number`}
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        registration={{
          ...number,
          onChange: (e) => {
            const el = e.target as HTMLInputElement;
            el.value = formatCardNumber(el.value);
            number.onChange(e);
          },
        }}
        error={error('cardNumber')}
      />
      <div className={styles.cardRow}>
        <TextField
          label={t`Expiry date`}
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder={t`MM / YY`}
          registration={{
            ...expiry,
            onChange: (e) => {
              const el = e.target as HTMLInputElement;
              const deleting = (e.nativeEvent as InputEvent | undefined)?.inputType?.startsWith('delete');
              if (!deleting) el.value = formatExpiry(el.value);
              expiry.onChange(e);
            },
          }}
          error={error('expiry')}
        />
        <TextField
          label={t`CVV`}
          inputMode="numeric"
          autoComplete="cc-csc"
          maxLength={4}
          placeholder="123"
          registration={cvc}
          error={error('cvc')}
        />
      </div>
    </fieldset>
  );
}
