import { ACCESS_LEVEL_LABELS, RESOURCE_CATEGORIES, RESOURCE_CATEGORY_LABELS, RESOURCE_TIERS } from "../../../../common/content";
import type { AdminResource } from "../../../../common/contracts/resources";
import { useResourceMutations } from "../api";
import { useContentForm } from "../use-content-form";
import { toResourceInput, validateResource, type ResourceFormValues } from "../validation";
import { ContentForm, WIDE } from "./content-form";
import { FileLinkField } from "./file-link-field";
import { CheckboxField, SelectField, TextAreaField, TextField } from "./form-controls";

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

/** Add or edit a resource (spec 001 §5). The file comes from the media library picker, or is a link. */
export function ResourceForm({ resource, onSaved, onCancel }: ResourceFormProps) {
  const { save } = useResourceMutations();
  // Without an entered address, a download link means the server holds the file.
  const hasStoredFile = resource !== null && resource.fileUrl === null && resource.downloadUrl !== null;
  const form = useContentForm({
    initial: valuesOf(resource),
    fallbackError: "Failed to save the resource. Please try again.",
    validate: (values) => validateResource(values, hasStoredFile),
    save: (values) => save.mutateAsync({ id: resource?.id ?? null, input: toResourceInput(values) }),
    onSaved,
  });

  return (
    <ContentForm
      label={resource ? "Edit resource" : "New resource"}
      form={form}
      submitLabel={resource ? "Save Changes" : "Create Resource"}
      saving={save.isPending}
      onCancel={onCancel}
    >
      <TextField label="Title" {...form.text("title")} maxLength={200} autoFocus />
      <TextField label="Type" {...form.text("type")} placeholder="e.g. PDF" maxLength={40} />
      <SelectField label="Category" options={CATEGORY_OPTIONS} {...form.text("category")} />
      <SelectField label="Access level" options={TIER_OPTIONS} {...form.text("tier")} />
      <TextAreaField className={WIDE} label="Description" {...form.text("description")} maxLength={5000} />
      <FileLinkField
        label="File URL"
        owner="resource"
        hasStoredFile={hasStoredFile}
        storedFileName={resource?.fileName}
        fileMissing={resource?.fileMissing}
        linkHint="Select a file from the media library, upload a new one, or enter a link. Members download it through a signed link."
        {...form.field("fileUrl")}
      />
      <CheckboxField className={WIDE} label="Featured" hint="Featured resources are listed first." {...form.check("featured")} />
    </ContentForm>
  );
}
