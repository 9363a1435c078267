import { type ChangeEvent, type FormEvent, useCallback, useMemo, useRef, useState } from 'react';
import * as v from 'valibot';

/**
 * A small form hook for the account screens: uncontrolled inputs registered by name, a valibot schema
 * checked on submit (and again on every change once submitted), one message per field, focus on the
 * first invalid field. It keeps react-hook-form's shape (register, handleSubmit, formState.errors,
 * reset, getValues) at about a tenth of its size, which keeps /login within its first-load budget
 * (docs/decisions/030-portal-first-load.md).
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
  reset: (values?: T) => void;
  getValues: () => T;
}

/** The first message of each field of a failed parse (`forward`ed checks land on their field). */
export function fieldErrors<T>(issues: readonly v.BaseIssue<unknown>[]): Errors<T> {
  const nested = v.flatten(issues as [v.BaseIssue<unknown>, ...v.BaseIssue<unknown>[]]).nested ?? {};
  const errors: Record<string, FieldMessage> = {};
  for (const [field, messages] of Object.entries(nested)) {
    const first = (messages as string[] | undefined)?.[0];
    if (first) errors[field] = { message: first };
  }
  return errors as Errors<T>;
}

export function useSchemaForm<T extends Values, TOut = T>(
  schema: v.GenericSchema<unknown, TOut>,
  defaultValues: T,
): SchemaForm<T, TOut> {
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
    (values: T) => {
      const result = v.safeParse(schema, values);
      const next = result.success ? {} : fieldErrors<T>(result.issues);
      setErrors(next);
      return { result, errors: next };
    },
    [schema],
  );

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
        if (submitted.current) validate(getValues());
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
      const { result, errors: found } = validate(getValues());
      if (!result.success) {
        const firstInvalid = Object.keys(found)[0];
        const el = firstInvalid ? elements.current.get(firstInvalid)?.values().next().value : undefined;
        el?.focus();
        return;
      }
      await onValid(result.output);
    },
    [getValues, validate],
  );

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
  return { register, handleSubmit, formState, reset, getValues };
}
