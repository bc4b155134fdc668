import { useState, type FormEvent } from "react";
import { EMAIL_MESSAGES, type EmailTemplateInput } from "../../../../common/contracts/email";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { FormField } from "../../../components/ui/form-field";
import { TextAreaField } from "../../admin-content/components/form-controls";
import { useSaveTemplate } from "../api";
import { errorText } from "../error-text";
import { EmailPreview } from "./email-preview";

type TemplateFormProps = { id?: string; initial: EmailTemplateInput; onDone: () => void };

/** Create or edit one template: name, subject and HTML body, all required. */
export function TemplateForm({ id, initial, onDone }: TemplateFormProps) {
  const save = useSaveTemplate();
  const [values, setValues] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const set = (field: keyof EmailTemplateInput) => (event: { target: { value: string } }) => setValues((current) => ({ ...current, [field]: event.target.value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!values.name.trim() || !values.subject.trim() || !values.body.trim()) return setError(EMAIL_MESSAGES.fillAllFields);
    setError(null);
    try {
      await save.mutateAsync({ ...values, id });
      onDone();
    } catch (failure) {
      setError(errorText(failure, "Failed to save the template"));
    }
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-4" aria-label={id ? "Edit template" : "New template"}>
      <fieldset disabled={save.isPending} className="grid gap-4">
        <FormField label="Template name" value={values.name} onChange={set("name")} maxLength={200} />
        <FormField label="Subject" value={values.subject} onChange={set("subject")} maxLength={300} />
        <TextAreaField label="Body (HTML)" rows={8} value={values.body} onChange={set("body")} hint="Placeholders: {{name}}, {{email}}, {{tier}}." />
        <EmailPreview subject={values.subject} body={values.body} />
        {error ? <Alert variant="error">{error}</Alert> : null}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit">{save.isPending ? "Saving..." : "Save Template"}</Button>
        </div>
      </fieldset>
    </form>
  );
}
