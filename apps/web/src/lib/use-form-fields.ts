import { useState, type ChangeEvent } from 'react';
import type { z } from 'zod';
import { serverFieldErrors, zodFieldErrors, type FieldErrors } from './form-errors';
import { showErrorsAndFocus } from './focus';

/**
 * The state of a small form of text fields: values, the errors under each field (from the contract's schema
 * before sending, from the server's details after), and props to spread on a TextField.
 */
export function useFormFields<K extends string>(initial: Record<K, string>) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});

  const field = (name: K) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
      setValues((current) => ({ ...current, [name]: event.target.value })),
  });

  /** The parsed body, or null with the errors shown. */
  function validate<S extends z.ZodType>(schema: S, body: unknown): z.output<S> | null {
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      showErrorsAndFocus(() => setErrors(zodFieldErrors(parsed.error)));
      return null;
    }
    setErrors({});
    return parsed.data;
  }

  return {
    values,
    field,
    validate,
    showServerErrors: (error: unknown) => setErrors(serverFieldErrors(error)),
    reset: () => {
      setValues(initial);
      setErrors({});
    },
  };
}
