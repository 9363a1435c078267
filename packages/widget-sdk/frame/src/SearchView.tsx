import { isDomainName } from '@domain-broker/shared/widget-contract';
import { useId, useState } from 'preact/hooks';
import type { Copy } from './copy.ts';
import { normalizeDomain } from './params.ts';

export interface SearchViewProps {
  initial?: string;
  t: Copy;
  onSearch: (domainName: string) => void;
}

/** The sample registrar search box: a labelled field, a 'Search' button and an announced error. */
export function SearchView({ initial = '', onSearch, t }: SearchViewProps) {
  const [value, setValue] = useState(initial);
  // The error is kept as a key so it follows a language change.
  const [error, setError] = useState<'' | 'emptyDomain' | 'invalidDomain'>('');
  const inputId = useId();
  const errorId = useId();

  const submit = (event: Event) => {
    event.preventDefault();
    const domain = normalizeDomain(value);
    if (!domain) return setError('emptyDomain');
    if (!isDomainName(domain)) return setError('invalidDomain');
    setError('');
    onSearch(domain);
  };

  return (
    <section class="db-card">
      <h1 class="db-title">{t.searchTitle}</h1>
      <form class="db-search" onSubmit={submit} noValidate>
        <label for={inputId}>{t.searchLabel}</label>
        <div class="db-row">
          <input
            id={inputId}
            name="domainName"
            type="text"
            inputMode="url"
            autoComplete="off"
            autoCapitalize="off"
            spellcheck={false}
            placeholder={t.searchPlaceholder}
            value={value}
            onInput={(e) => setValue((e.currentTarget as HTMLInputElement).value)}
            aria-invalid={error ? 'true' : undefined}
            aria-describedby={error ? errorId : undefined}
          />
          <button type="submit" class="db-button">
            {t.searchButton}
          </button>
        </div>
        <p id={errorId} class="db-error" role="alert">
          {error ? t[error] : ''}
        </p>
      </form>
      <p class="db-footer db-muted">{t.poweredBy}</p>
    </section>
  );
}
