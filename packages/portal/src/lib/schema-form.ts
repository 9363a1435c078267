import { type ChangeEvent, type FormEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';

/**
 * The portal's one form hook: uncontrolled inputs registered by name, a schema (the shared valibot
 * schemas) checked on submit and again on every change once submitted, one message per field, focus on
 * the first invalid field. It keeps react-hook-form's shape (register, handleSubmit, formState.errors,
 * setError, setFocus, reset, getValues) at about a tenth of its size.
 *
 * The schema is read through the Standard Schema interface (`~standard.validate`), so the hook itself
 * needs no validation library, and it may be given as a loader (`() => import(...)`): the schema and
 * valibot then download after the first paint, while the visitor types, instead of with the page
 * (docs/decisions/030-portal-first-load.md).
 *
 * Rows of the same fields (a list the user grows and shrinks, `components/form.tsx` FieldRows) are
 * fields named `list.KEY.field`, KEY a row's lasting key: the schema gets them as `list: [{ field }]`
 * in key order, and its messages (and the server's, `list.INDEX.field`) come back to the row's fields.
 */

export interface FieldMessage {
  message: string;
}
type Errors<T> = Partial<Record<keyof T & string, FieldMessage>>;
type Input = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
type Values = Record<string, string | boolean>;

export interface Registration {
  name: string;
  ref: (element: Input | null) => void;
  onChange: (event: ChangeEvent<Input>) => void;
  onBlur: () => void;
}

export interface SchemaForm<T extends Values, TOut> {
  register: (name: keyof T & string) => Registration;
  handleSubmit: (
    onValid: (values: TOut) => unknown | Promise<unknown>,
  ) => (event?: FormEvent) => Promise<void>;
  formState: { errors: Errors<T>; isDirty: boolean; isSubmitted: boolean };
  /** A message from elsewhere (the server's field errors); the first one set with `focus` gets focus. */
  setError: (name: keyof T & string, error: FieldMessage, options?: { focus?: boolean }) => void;
  setFocus: (name: keyof T & string) => void;
  /**
   * The server's field messages (an ApiError's `errors`) beside the fields of this form, focusing the
   * first; false when none of them names a field here (the caller then shows the error itself).
   */
  setServerErrors: (errors: ReadonlyArray<{ field: string; message: string }> | undefined) => boolean;
  /** Forgets a field whose input is gone for good (a removed row): its value and its message. */
  unregister: (name: string) => void;
  /** Writes a field's value (a value chosen elsewhere, such as a history entry). */
  setValue: (name: keyof T & string, value: string | boolean) => void;
  reset: (values?: T) => void;
  getValues: () => T;
}

/** What the hook needs of a schema: the Standard Schema v1 `validate` (valibot schemas have it). */
interface StandardIssue {
  readonly message: string;
  readonly path?: ReadonlyArray<PropertyKey | { readonly key: PropertyKey }> | undefined;
}
type StandardResult<TOut> =
  | { readonly value: TOut; readonly issues?: undefined }
  | { readonly issues: ReadonlyArray<StandardIssue> };
export interface StandardSchema<TOut> {
  readonly '~standard': {
    readonly validate: (value: unknown) => StandardResult<TOut> | Promise<StandardResult<TOut>>;
  };
}
/** A schema, or a loader of one (downloaded after the first paint). */
export type SchemaSource<TOut> = StandardSchema<TOut> | (() => Promise<StandardSchema<TOut>>);

/**
 * A schema that checks what the form's values become (the payload built from them: a day made a moment,
 * a field sent only for one choice), for a form whose fields are the payload's but not its shape. Named
 * like the payload's fields, the inputs get the schema's messages (and the server's) as they are.
 */
export function payloadSchema<TOut>(
  schema: StandardSchema<TOut>,
  toPayload: (values: Values) => unknown,
): StandardSchema<TOut> {
  return { '~standard': { validate: (values) => schema['~standard'].validate(toPayload(values as Values)) } };
}

/** The first message of each field of a failed check (`forward`ed checks land on their field). */
export function fieldErrors<T>(issues: ReadonlyArray<StandardIssue>): Errors<T> {
  const errors: Record<string, FieldMessage> = {};
  for (const issue of issues) {
    const path = (issue.path ?? []).map((p) => (typeof p === 'object' && p !== null ? p.key : p));
    if (path.length === 0 || !path.every((p) => typeof p === 'string' || typeof p === 'number')) continue;
    const field = path.join('.');
    errors[field] ??= { message: issue.message };
  }
  return errors as Errors<T>;
}

const ROW_FIELD = /^([^.]+)\.(\d+)\.([^.]+)$/;

/**
 * The form's values as the schema reads them: `list.KEY.field` values become `list: [{ field }]` in
 * key order; `rowKeys` gives each list's keys by position, to bring a message back to its row.
 */
export function nestRows(values: Values): {
  input: Record<string, unknown>;
  rowKeys: Record<string, string[]>;
} {
  const input: Record<string, unknown> = {};
  const rows: Record<string, Map<string, Record<string, unknown>>> = {};
  for (const [name, value] of Object.entries(values)) {
    const row = ROW_FIELD.exec(name);
    if (!row) {
      input[name] = value;
      continue;
    }
    const [, list = '', key = '', field = ''] = row;
    const byKey = rows[list] ?? new Map<string, Record<string, unknown>>();
    rows[list] = byKey;
    byKey.set(key, { ...byKey.get(key), [field]: value });
  }
  const rowKeys: Record<string, string[]> = {};
  for (const [list, byKey] of Object.entries(rows)) {
    const keys = [...byKey.keys()].sort((a, b) => Number(a) - Number(b));
    rowKeys[list] = keys;
    input[list] = keys.map((k) => byKey.get(k));
  }
  return { input, rowKeys };
}

/** A message's field by position (`list.1.field`) as the form names it (`list.KEY.field`). */
function rowField(field: string, rowKeys: Record<string, string[]>): string {
  const [list = '', index = '', ...rest] = field.split('.');
  const key = /^\d+$/.test(index) ? rowKeys[list]?.[Number(index)] : undefined;
  return key !== undefined && rest.length ? [list, key, ...rest].join('.') : field;
}

export function useSchemaForm<T extends Values, TOut = T>(
  source: SchemaSource<TOut>,
  defaultValues: T,
): SchemaForm<T, TOut> {
  const schemaRef = useRef<Promise<StandardSchema<TOut>> | null>(null);
  const sourceRef = useRef(source);
  sourceRef.current = source;
  const loadSchema = useCallback((): Promise<StandardSchema<TOut>> => {
    const current = sourceRef.current;
    if (typeof current !== 'function') return Promise.resolve(current);
    schemaRef.current ??= current();
    return schemaRef.current;
  }, []);
  // a loaded schema downloads once the form is on screen, so it is there by the first submit
  useEffect(() => {
    void loadSchema().catch(() => {
      schemaRef.current = null;
    });
  }, [loadSchema]);
  const elements = useRef(new Map<string, Set<Input>>());
  const defaults = useRef(defaultValues);
  const submitted = useRef(false);
  const [errors, setErrors] = useState<Errors<T>>({});
  const [isDirty, setDirty] = useState(false);
  const [isSubmitted, setSubmitted] = useState(false);

  const write = useCallback((name: string, value: string | boolean | undefined) => {
    for (const el of elements.current.get(name) ?? []) {
      if (el instanceof HTMLInputElement && el.type === 'checkbox') el.checked = value === true;
      else if (el instanceof HTMLInputElement && el.type === 'radio') el.checked = el.value === value;
      else el.value = typeof value === 'string' ? value : '';
    }
  }, []);

  const getValues = useCallback((): T => {
    const values: Values = { ...defaults.current };
    for (const [name, set] of elements.current) {
      for (const el of set) {
        if (el instanceof HTMLInputElement && el.type === 'checkbox') values[name] = el.checked;
        else if (el instanceof HTMLInputElement && el.type === 'radio') {
          if (el.checked) values[name] = el.value;
        } else values[name] = el.value;
      }
    }
    return values as T;
  }, []);

  const validate = useCallback(
    async (values: T) => {
      const schema = await loadSchema();
      const { input, rowKeys } = nestRows(values);
      const result = await schema['~standard'].validate(input);
      const found: Partial<Record<string, FieldMessage>> = result.issues ? fieldErrors(result.issues) : {};
      const next = Object.fromEntries(
        Object.entries(found).map(([field, error]) => [rowField(field, rowKeys), error]),
      ) as Errors<T>;
      setErrors(next);
      return { output: result.issues ? null : { value: result.value }, errors: next };
    },
    [loadSchema],
  );

  const focusField = useCallback((name: string) => {
    const el = elements.current.get(name)?.values().next().value;
    el?.focus();
  }, []);

  const register = useCallback(
    (name: keyof T & string): Registration => ({
      name,
      ref: (element) => {
        if (!element) return;
        let set = elements.current.get(name);
        if (!set) {
          set = new Set();
          elements.current.set(name, set);
        }
        if (!set.has(element)) {
          // drop elements React has removed since
          for (const old of set) if (!old.isConnected) set.delete(old);
          set.add(element);
          const value = defaults.current[name];
          if (element instanceof HTMLInputElement && element.type === 'checkbox')
            element.checked = value === true;
          else if (element instanceof HTMLInputElement && element.type === 'radio')
            element.checked = element.value === value;
          else element.value = typeof value === 'string' ? value : '';
        }
      },
      onChange: () => {
        setDirty(true);
        if (submitted.current) void validate(getValues());
      },
      onBlur: () => {},
    }),
    [getValues, validate],
  );

  const handleSubmit = useCallback(
    (onValid: (values: TOut) => unknown | Promise<unknown>) => async (event?: FormEvent) => {
      event?.preventDefault();
      submitted.current = true;
      setSubmitted(true);
      const { output, errors: found } = await validate(getValues());
      if (!output) {
        const firstInvalid = Object.keys(found)[0];
        if (firstInvalid) focusField(firstInvalid);
        return;
      }
      await onValid(output.value);
    },
    [getValues, validate, focusField],
  );

  const setError = useCallback(
    (name: keyof T & string, error: FieldMessage, options?: { focus?: boolean }) => {
      setErrors((current) => ({ ...current, [name]: error }));
      if (options?.focus) focusField(name);
    },
    [focusField],
  );

  const setServerErrors = useCallback(
    (found: ReadonlyArray<{ field: string; message: string }> | undefined): boolean => {
      const { rowKeys } = nestRows(getValues());
      const mine = (found ?? [])
        .map((e) => ({ ...e, field: rowField(e.field, rowKeys) }))
        .filter((e) => Object.hasOwn(defaults.current, e.field) || elements.current.has(e.field));
      for (const [i, e] of mine.entries())
        setError(e.field as keyof T & string, { message: e.message }, { focus: i === 0 });
      return mine.length > 0;
    },
    [setError, getValues],
  );

  const unregister = useCallback((name: string) => {
    elements.current.delete(name);
    setErrors((current) => {
      if (!(name in current)) return current;
      const { [name as keyof Errors<T>]: _gone, ...rest } = current;
      return rest as Errors<T>;
    });
  }, []);

  const reset = useCallback(
    (values?: T) => {
      if (values) defaults.current = values;
      for (const name of elements.current.keys()) write(name, defaults.current[name]);
      submitted.current = false;
      setSubmitted(false);
      setErrors({});
      setDirty(false);
    },
    [write],
  );

  const formState = useMemo(() => ({ errors, isDirty, isSubmitted }), [errors, isDirty, isSubmitted]);
  const setValue = useCallback(
    (name: keyof T & string, value: string | boolean) => {
      write(name, value);
      if (submitted.current) void validate(getValues());
    },
    [write, validate, getValues],
  );

  return {
    register,
    handleSubmit,
    formState,
    setError,
    setFocus: focusField,
    setServerErrors,
    unregister,
    setValue,
    reset,
    getValues,
  };
}
