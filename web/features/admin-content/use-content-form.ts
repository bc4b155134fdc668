import { useState, type ChangeEvent, type FormEvent } from "react";
import { useSubmitState, type FieldErrors } from "./use-submit-state";

/** The fields of a form's values that hold one kind of value (text, or a tick). */
type FieldsHolding<Values, Kind> = { [Field in keyof Values]: Values[Field] extends Kind ? Field : never }[keyof Values] & string;

type ContentFormOptions<Values, Saved> = {
  /** The values the form opens with; read on the first render only. */
  initial: Values;
  /** Shown when a save fails without a message from the server. */
  fallbackError: string;
  validate: (values: Values) => FieldErrors;
  save: (values: Values) => Promise<Saved>;
  onSaved: (saved: Saved) => void;
};

/**
 * The state of a content form (session, resource, video): its values, one binding per field that also
 * takes that field's message away when it changes, and the submit that checks on the client, saves,
 * and shows what the server still refuses beside the same field.
 */
export function useContentForm<Values extends object, Saved>({ initial, fallbackError, validate, save, onSaved }: ContentFormOptions<Values, Saved>) {
  const [values, setValues] = useState(initial);
  const { fieldErrors, formError, submit, clearField } = useSubmitState(Object.keys(values), fallbackError);

  function set<Field extends keyof Values & string>(field: Field, value: Values[Field]) {
    setValues((current) => ({ ...current, [field]: value }));
    clearField(field);
  }

  /** A field as a value and a setter: what a control of our own takes (a file field, later the media picker). */
  function field<Field extends FieldsHolding<Values, string>>(name: Field) {
    return {
      value: values[name] as string,
      error: fieldErrors[name],
      // A select's options are the only values its field takes, so the text it reports is one of them.
      onChange: (value: string) => set(name, value as Values[Field]),
    };
  }

  /** A field bound to an input, a text area or a select. */
  function text<Field extends FieldsHolding<Values, string>>(name: Field) {
    const { onChange, ...bound } = field(name);
    return { ...bound, onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => onChange(event.target.value) };
  }

  /** A yes/no field bound to a checkbox. */
  function check<Field extends FieldsHolding<Values, boolean>>(name: Field) {
    return { checked: values[name] as boolean, onChange: (event: ChangeEvent<HTMLInputElement>) => set(name, event.target.checked as Values[Field]) };
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    let saved: Saved | undefined;
    const ok = await submit(event.currentTarget, validate(values), async () => {
      saved = await save(values);
    });
    if (ok && saved !== undefined) onSaved(saved);
  }

  return { values, set, field, text, check, formError, handleSubmit };
}

/** What the form's frame (ContentForm) needs from the state: where to send the submit, and the form's own error. */
export type ContentFormSubmit = { formError: string | null; handleSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void> };
