import { useState, type FormEvent } from "react";
import { Link } from "react-router";
import { MemberProfileInputSchema, PEOPLE_MESSAGES, PROFILE_LIMITS, type MemberProfileInput, type OwnMemberProfile } from "../../../../common/contracts/people";
import { BUILD_STAGE_LABELS, BUILD_STAGES } from "../../../../common/contracts/people-stages";
import { COUNTRY_CODES, countryName } from "../../../../common/countries";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { Spinner } from "../../../components/ui/spinner";
import { ApiError } from "../../../lib/api-client";
import { paths } from "../../../lib/paths";
import { CheckboxField, SelectField, TextAreaField, TextField } from "../../admin-content/components/form-controls";
import { useViewer } from "../../session/api";
import { useOwnMemberProfile, useSaveMemberProfile } from "../api";
import { PEOPLE_PAGE_MESSAGES } from "../messages";

type Draft = Omit<OwnMemberProfile, "textHidden" | "expertise" | "stage"> & { expertise: string; stage: string };
type FieldErrors = Partial<Record<keyof Draft, string>>;

const STAGE_OPTIONS = [{ value: "", label: "Not set" }, ...BUILD_STAGES.map((stage) => ({ value: stage, label: BUILD_STAGE_LABELS[stage] }))];
const COUNTRY_OPTIONS = [{ value: "", label: "Not set" }, ...COUNTRY_CODES.map((code) => ({ value: code, label: countryName(code) })).sort((a, b) => a.label.localeCompare(b.label))];

const draftOf = (profile: OwnMemberProfile): Draft => ({ ...profile, stage: profile.stage ?? "", expertise: profile.expertise.join(", ") });

function inputOf(draft: Draft): MemberProfileInput {
  return { ...draft, stage: draft.stage === "" ? null : (draft.stage as MemberProfileInput["stage"]), expertise: draft.expertise.split(",") };
}

/** The first message per field, as the server would name it. */
function fieldErrorsOf(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = String(issue.path[0]) as keyof Draft;
    errors[field] ??= issue.message;
  }
  return errors;
}

function Editor({ profile }: { profile: OwnMemberProfile }) {
  const save = useSaveMemberProfile();
  const viewerId = useViewer().data?.id;
  const [draft, setDraft] = useState(() => draftOf(profile));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const field = (key: keyof Draft) => ({
    value: String(draft[key]),
    error: errors[key],
    disabled: save.isPending,
    onChange: (event: { target: { value: string } }) => {
      setDraft((current) => ({ ...current, [key]: event.target.value }));
      setErrors((current) => ({ ...current, [key]: undefined }));
      setSaved(false);
    },
  });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    setSaved(false);
    const parsed = MemberProfileInputSchema.safeParse(inputOf(draft));
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error.issues));
      return;
    }
    setErrors({});
    try {
      const answer = await save.mutateAsync(parsed.data);
      setDraft(draftOf(answer));
      setSaved(true);
    } catch (error) {
      if (error instanceof ApiError && error.status < 500) {
        setErrors((error.fields ?? {}) as FieldErrors);
        setFormError(error.message || PEOPLE_PAGE_MESSAGES.saveFailed);
      } else {
        setFormError(PEOPLE_PAGE_MESSAGES.saveFailed);
      }
    }
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-5" aria-label={PEOPLE_PAGE_MESSAGES.editorTitle}>
      {profile.textHidden ? <Alert variant="error">{PEOPLE_MESSAGES.ownTextHidden}</Alert> : null}
      {formError ? <Alert variant="error">{formError}</Alert> : null}
      {saved ? <Alert variant="success">{PEOPLE_MESSAGES.saved}</Alert> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Headline" hint={`One line about you, up to ${PROFILE_LIMITS.headline} characters.`} placeholder="Inventor of the folding ladder" className="sm:col-span-2" {...field("headline")} />
        <TextField label="What you are building" hint={`Up to ${PROFILE_LIMITS.building} characters.`} className="sm:col-span-2" {...field("building")} />
        <SelectField label="Stage" options={STAGE_OPTIONS} {...field("stage")} />
        <TextField label="Expertise" hint={`Up to ${PROFILE_LIMITS.tags} tags, separated by commas.`} placeholder="cad, injection molding, patents" {...field("expertise")} />
        <TextAreaField label="Bio" hint={`Up to ${PROFILE_LIMITS.bio.toLocaleString("en-US")} characters.`} rows={5} className="sm:col-span-2" {...field("bio")} />
        <TextField label="City" autoComplete="address-level2" {...field("city")} />
        <SelectField label="Country" options={COUNTRY_OPTIONS} {...field("country")} />
        <TextField label="Website" type="url" inputMode="url" placeholder="https://" {...field("website")} />
        <TextField label="LinkedIn" type="url" inputMode="url" placeholder="https://www.linkedin.com/in/…" {...field("linkedin")} />
      </div>
      <CheckboxField
        label={PEOPLE_MESSAGES.hideFromDirectory}
        hint="Other members will not find you in the directory or open your profile. Your name still shows on your posts."
        checked={draft.hidden}
        disabled={save.isPending}
        onChange={(event) => {
          setDraft((current) => ({ ...current, hidden: event.target.checked }));
          setSaved(false);
        }}
      />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
        {viewerId ? (
          <Link to={paths.members.person(viewerId)} className="text-sm font-medium text-navy-700 underline-offset-2 hover:underline">
            View your profile
          </Link>
        ) : (
          <span />
        )}
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? <Spinner className="size-4 text-current" label="Saving" /> : null}
          {save.isPending ? "Saving..." : "Save member profile"}
        </Button>
      </div>
    </form>
  );
}

/** Account → Member profile: the directory fields and the choice to hide from it. */
export function MemberProfileCard() {
  const profile = useOwnMemberProfile();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{PEOPLE_PAGE_MESSAGES.editorTitle}</CardTitle>
        <CardDescription>{PEOPLE_PAGE_MESSAGES.editorDescription}</CardDescription>
      </CardHeader>
      <CardContent>
        {profile.isPending ? <Spinner label="Loading your member profile" /> : profile.isError ? <Alert variant="error">{PEOPLE_PAGE_MESSAGES.loadEditorFailed}</Alert> : <Editor profile={profile.data} />}
      </CardContent>
    </Card>
  );
}
