import { useId, useState } from 'preact/hooks';
import { copy } from './copy.ts';
import { isValidDomain, normalizeDomain } from './params.ts';

export interface SearchViewProps {
  initial?: string;
  onSearch: (domainName: string) => void;
}

/** The sample registrar search box: a labelled field, a 'Search' button and an announced error. */
export function SearchView({ initial = '', onSearch }: SearchViewProps) {
  const [value, setValue] = useState(initial);
  const [error, setError] = useState('');
  const inputId = useId();
  const errorId = useId();

  const submit = (event: Event) => {
    event.preventDefault();
    const domain = normalizeDomain(value);
    if (!domain) return setError(copy.emptyDomain);
    if (!isValidDomain(domain)) return setError(copy.invalidDomain);
    setError('');
    onSearch(domain);
  };

  return (
    <section class="db-card">
      <h1 class="db-title">{copy.searchTitle}</h1>
      <form class="db-search" onSubmit={submit} noValidate>
        <label for={inputId}>{copy.searchLabel}</label>
        <div class="db-row">
          <input
            id={inputId}
            name="domainName"
            type="text"
            inputMode="url"
            autoComplete="off"
            autoCapitalize="off"
            spellcheck={false}
            placeholder={copy.searchPlaceholder}
            value={value}
            onInput={(e) => setValue((e.currentTarget as HTMLInputElement).value)}
            aria-invalid={error ? 'true' : undefined}
            aria-describedby={error ? errorId : undefined}
          />
          <button type="submit" class="db-button">
            {copy.searchButton}
          </button>
        </div>
        <p id={errorId} class="db-error" role="alert">
          {error}
        </p>
      </form>
      <p class="db-footer db-muted">{copy.poweredBy}</p>
    </section>
  );
}
