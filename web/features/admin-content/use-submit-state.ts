import { useState } from "react";
import { ApiError } from "../../lib/api-client";

export type FieldErrors = Partial<Record<string, string>>;

/** The server's message when it sent one, else the form's own fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}

/**
 * Field and form errors of a content form. The client's checks run first; whatever the server still
 * refuses comes back as per-field messages (ApiError.fields) and is shown beside the same fields.
 */
export function useSubmitState(formFields: readonly string[], fallback: string) {
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  const focusFirstInvalid = (form: HTMLFormElement) =>
    requestAnimationFrame(() => form.querySelector<HTMLElement>("[aria-invalid='true']")?.focus());

  /** Sends when the client found nothing; true when the server accepted the save. */
  async function submit(form: HTMLFormElement, clientErrors: FieldErrors, send: () => Promise<unknown>): Promise<boolean> {
    setFormError(null);
    setFieldErrors(clientErrors);
    if (Object.keys(clientErrors).length > 0) {
      focusFirstInvalid(form);
      return false;
    }
    try {
      await send();
      return true;
    } catch (error) {
      const serverFields = error instanceof ApiError ? (error.fields ?? {}) : {};
      setFieldErrors(serverFields);
      // A message for a field this form does not show would otherwise be lost.
      const shownBesideAField = Object.keys(serverFields).some((field) => formFields.includes(field));
      setFormError(shownBesideAField ? null : errorMessage(error, fallback));
      focusFirstInvalid(form);
      return false;
    }
  }

  /** Editing a field takes its message away. */
  function clearField(field: string) {
    if (fieldErrors[field]) setFieldErrors(({ [field]: _cleared, ...rest }) => rest);
  }

  return { fieldErrors, formError, submit, clearField };
}
