import { domainField } from '@domain-broker/shared/schemas/common';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useId, useMemo } from 'react';
import * as v from 'valibot';
import { FormError, formStyles } from '#portal/components/form.tsx';
import { usePublicConfig } from '#portal/lib/config.ts';
import { useSchemaForm } from '#portal/lib/schema-form.ts';
import styles from './appraisal.module.css';
import { DOMAIN_INVALID, DOMAIN_REQUIRED, DOMAIN_UNSUPPORTED, formText } from './messages.ts';

/**
 * Domain required, with a supported extension and no special characters (docs/product.md "Validation rules"),
 * via the shared rule.
 */
export const domainFormSchema = (extensions: readonly string[]) =>
  v.object({ domain: domainField(DOMAIN_REQUIRED, DOMAIN_INVALID, extensions, DOMAIN_UNSUPPORTED) });

export function DomainForm({
  value,
  busy,
  disabled = false,
  onSubmit,
}: {
  /** The domain shown or under way: the field follows it (history, query parameters). */
  value: string;
  busy: boolean;
  /** No appraisals left today: 'get value' cannot be chosen (the page says when they renew). */
  disabled?: boolean;
  onSubmit: (domain: string) => void;
}) {
  const { t, i18n } = useLingui();
  const id = useId();
  const { supportedExtensions } = usePublicConfig();
  const schema = useMemo(() => domainFormSchema(supportedExtensions), [supportedExtensions]);
  const {
    register,
    handleSubmit,
    setValue,
    formState: { errors },
  } = useSchemaForm<{ domain: string }>(schema, { domain: value });
  useEffect(() => {
    if (value) setValue('domain', value);
  }, [value, setValue]);
  const error = errors.domain?.message;
  const extensions = supportedExtensions.map((e) => `.${e}`).join(', ');

  return (
    <form
      className={styles.search}
      noValidate
      onSubmit={handleSubmit(({ domain }) => onSubmit(domain))}
      aria-label={t`Appraise a domain`}
    >
      <label htmlFor={id} className={formStyles.label}>
        {t`Domain name`}
      </label>
      <div className={styles.searchRow}>
        <input
          id={id}
          type="text"
          inputMode="url"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="example.com"
          className={`${formStyles.input} ${styles.searchInput}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          {...register('domain')}
        />
        <button type="submit" className={formStyles.primary} disabled={busy || disabled} aria-busy={busy}>
          {t`Get Value`}
        </button>
      </div>
      <p id={`${id}-hint`} className={formStyles.hint}>
        {t`Supported extensions: ${extensions}`}
      </p>
      <FormError id={`${id}-error`}>{formText(error, i18n, supportedExtensions)}</FormError>
    </form>
  );
}
