import { useState, type FormEvent } from "react";
import { ACCESS_LEVEL_LABELS, RESOURCE_CATEGORIES, RESOURCE_CATEGORY_LABELS, RESOURCE_TIERS, type ResourceCategory, type ResourceTier } from "../../../../common/content";
import type { AdminResource } from "../../../../common/contracts/resources";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { FormField } from "../../../components/ui/form-field";
import { useResourceMutations } from "../api";
import { useSubmitState } from "../use-submit-state";
import { RESOURCE_FIELDS, toResourceInput, validateResource, type ResourceFormValues } from "../validation";
import { CheckboxField, SelectField, TextAreaField } from "./form-controls";

const CATEGORY_OPTIONS = RESOURCE_CATEGORIES.map((category) => ({ value: category, label: RESOURCE_CATEGORY_LABELS[category] }));
const TIER_OPTIONS = RESOURCE_TIERS.map((tier) => ({ value: tier, label: ACCESS_LEVEL_LABELS[tier] }));

const DEFAULTS: ResourceFormValues = { title: "", description: "", type: "", category: "general", tier: "all", featured: false, fileUrl: "" };

function valuesOf(resource: AdminResource | null): ResourceFormValues {
  if (!resource) return DEFAULTS;
  const { title, description, type, category, tier, featured } = resource;
  return { title, description, type, category, tier, featured, fileUrl: resource.fileUrl ?? "" };
}

type ResourceFormProps = {
  /** The resource being edited; null adds a new one. */
  resource: AdminResource | null;
  onSaved: (saved: AdminResource) => void;
  onCancel: () => void;
};

/** Add or edit a resource (spec 001 §5). The file is a link until the media library release brings uploads. */
export function ResourceForm({ resource, onSaved, onCancel }: ResourceFormProps) {
  const { save } = useResourceMutations();
  // Without an entered address, a download link means the server holds the file.
  const hasStoredFile = resource !== null && resource.fileUrl === null && resource.downloadUrl !== null;
  const [values, setValues] = useState(() => valuesOf(resource));
  const { fieldErrors, formError, submit, clearField } = useSubmitState(RESOURCE_FIELDS, "Failed to save the resource. Please try again.");

  function set<Field extends keyof ResourceFormValues>(field: Field, value: ResourceFormValues[Field]) {
    setValues((current) => ({ ...current, [field]: value }));
    clearField(field);
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    let saved: AdminResource | undefined;
    const ok = await submit(event.currentTarget, validateResource(values), async () => {
      saved = await save.mutateAsync({ id: resource?.id ?? null, input: toResourceInput(values) });
    });
    if (ok && saved) onSaved(saved);
  }

  return (
    <form onSubmit={handleSubmit} noValidate className="grid gap-4 sm:grid-cols-2" aria-label={resource ? "Edit resource" : "New resource"}>
      <FormField label="Title" value={values.title} onChange={(event) => set("title", event.target.value)} error={fieldErrors.title} maxLength={200} autoFocus />
      <FormField label="Type" value={values.type} onChange={(event) => set("type", event.target.value)} error={fieldErrors.type} placeholder="PDF" maxLength={40} />
      <SelectField
        label="Category"
        options={CATEGORY_OPTIONS}
        value={values.category}
        onChange={(event) => set("category", event.target.value as ResourceCategory)}
        error={fieldErrors.category}
      />
      <SelectField label="Access level" options={TIER_OPTIONS} value={values.tier} onChange={(event) => set("tier", event.target.value as ResourceTier)} error={fieldErrors.tier} />
      <TextAreaField
        label="Description"
        className="sm:col-span-2"
        value={values.description}
        onChange={(event) => set("description", event.target.value)}
        error={fieldErrors.description}
        maxLength={5000}
      />
      <div className="sm:col-span-2">
        <FormField
          label="File URL"
          type="url"
          value={values.fileUrl}
          onChange={(event) => set("fileUrl", event.target.value)}
          error={fieldErrors.fileUrl}
          placeholder="https://"
          maxLength={2000}
          hint={
            hasStoredFile
              ? "This resource has an uploaded file. Leave this empty to keep it, or enter a link to use instead."
              : "A link to the file until uploads arrive with the media library. Members download it through a signed link."
          }
        />
      </div>
      <CheckboxField
        label="Featured"
        hint="Featured resources are listed first."
        className="sm:col-span-2"
        checked={values.featured}
        onChange={(event) => set("featured", event.target.checked)}
      />
      {formError ? (
        <Alert variant="error" className="sm:col-span-2">
          {formError}
        </Alert>
      ) : null}
      <div className="flex flex-wrap gap-3 sm:col-span-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? "Saving..." : resource ? "Save Changes" : "Create Resource"}
        </Button>
        <Button variant="outline" onClick={onCancel} disabled={save.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
