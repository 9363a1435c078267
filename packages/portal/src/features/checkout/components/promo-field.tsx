import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { FormError, formStyles } from '#portal/components/form.tsx';
import { canApplyPromo, type PromoState } from '../utils/card.ts';
import styles from './checkout.module.css';
import { useCheckoutMessage } from './messages.ts';

/**
 * The promo code (docs/product.md "Promo codes", decision A5): Apply needs more than 4 characters; a valid
 * code shows 'N% discounted' and 'Remove Promo Code'; editing the code resets the applied state.
 */
export function PromoField({
  code,
  state,
  onCode,
  onApply,
  onRemove,
  disabled,
}: {
  code: string;
  state: PromoState;
  onCode: (code: string) => void;
  onApply: () => void;
  onRemove: () => void;
  disabled?: boolean;
}) {
  const { t } = useLingui();
  const message = useCheckoutMessage();
  const id = useId();
  const applied = state.kind === 'applied';
  const problem = state.kind === 'invalid' ? message(state.message) : null;
  return (
    <div className={formStyles.field}>
      <label htmlFor={id} className={formStyles.label}>
        <Trans>Promo code</Trans>
      </label>
      <div className={styles.promoRow}>
        <input
          id={id}
          name="promoCode"
          className={formStyles.input}
          value={code}
          autoComplete="off"
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-error` : applied ? `${id}-applied` : undefined}
          onChange={(e) => onCode(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              if (canApplyPromo(code) && !applied) onApply();
            }
          }}
          disabled={disabled}
        />
        {applied ? (
          <button type="button" className={formStyles.secondary} onClick={onRemove} disabled={disabled}>
            <Trans>Remove Promo Code</Trans>
          </button>
        ) : (
          <button
            type="button"
            className={formStyles.secondary}
            onClick={onApply}
            disabled={disabled || !canApplyPromo(code) || state.kind === 'checking'}
            aria-busy={state.kind === 'checking'}
          >
            <Trans>Apply</Trans>
          </button>
        )}
      </div>
      {applied && (
        <p id={`${id}-applied`} className={styles.discount} role="status">
          {t`${state.percent}% discounted`}
        </p>
      )}
      <FormError id={`${id}-error`}>{problem}</FormError>
    </div>
  );
}
