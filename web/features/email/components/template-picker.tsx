import type { EmailTemplate } from "../../../../common/contracts/email";
import { SelectField } from "../../admin-content/components/form-controls";
import { useTemplates } from "../api";

/** "Template": start a message from a saved template (its subject and body replace what is written); hidden while there are none. */
export function TemplatePicker({ onPick }: { onPick: (template: EmailTemplate) => void }) {
  const templates = useTemplates();
  if (!templates.data || templates.data.length === 0) return null;
  return (
    <SelectField
      label="Template"
      options={[{ value: "", label: "Write a new message" }, ...templates.data.map((template) => ({ value: template.id, label: template.name }))]}
      defaultValue=""
      onChange={(event) => {
        const template = templates.data.find((item) => item.id === event.target.value);
        if (template) onPick(template);
      }}
    />
  );
}
