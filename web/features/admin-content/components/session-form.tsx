import { ACCESS_LEVEL_LABELS, CONTENT_LEVELS } from "../../../../common/content";
import type { MastermindSession } from "../../../../common/contracts/sessions";
import { useSessionMutations } from "../api";
import { useContentForm } from "../use-content-form";
import { toSessionInput, validateSession, type SessionFormValues } from "../validation";
import { ContentForm, WIDE } from "./content-form";
import { CheckboxField, LinkField, SelectField, TextAreaField, TextField } from "./form-controls";

/** Locations are public on /mastermind; the join link reaches only members the session's tier admits. */
const SESSION_FORM_HINTS = {
  location: "A place description, shown to everyone on the public Masterminds page. Links go in Join link.",
  joinUrl: "Optional, https only. Shown only to members whose tier includes this session, never on the public page.",
};

const TIER_OPTIONS = CONTENT_LEVELS.map((level) => ({ value: level, label: ACCESS_LEVEL_LABELS[level] }));

const DEFAULTS: SessionFormValues = {
  title: "",
  date: "",
  time: "",
  location: "",
  description: "",
  tier: "all",
  facilitator: "",
  participants: "0",
  isPast: false,
  recordingUrl: "",
  joinUrl: "",
};

function valuesOf(session: MastermindSession | null): SessionFormValues {
  if (!session) return DEFAULTS;
  return {
    title: session.title,
    date: session.date,
    time: session.time,
    location: session.location,
    description: session.description,
    tier: session.tier,
    facilitator: session.facilitator,
    participants: String(session.participants),
    isPast: session.isPast,
    recordingUrl: session.recordingUrl ?? "",
    joinUrl: session.joinUrl ?? "",
  };
}

type SessionFormProps = {
  /** The session being edited; null adds a new one. */
  session: MastermindSession | null;
  onSaved: (saved: MastermindSession) => void;
  onCancel: () => void;
};

/** Add or edit a mastermind session (spec 001 §5: all but facilitator, participants and recording required). */
export function SessionForm({ session, onSaved, onCancel }: SessionFormProps) {
  const { save } = useSessionMutations();
  const form = useContentForm({
    initial: valuesOf(session),
    fallbackError: "Failed to save the session. Please try again.",
    validate: validateSession,
    save: (values) => save.mutateAsync({ id: session?.id ?? null, input: toSessionInput(values) }),
    onSaved,
  });

  return (
    <ContentForm
      label={session ? "Edit session" : "New session"}
      form={form}
      submitLabel={session ? "Save Changes" : "Create Session"}
      saving={save.isPending}
      onCancel={onCancel}
    >
      <TextField className={WIDE} label="Title" {...form.text("title")} maxLength={200} autoFocus />
      <TextField label="Date" type="date" {...form.text("date")} />
      <TextField label="Time" {...form.text("time")} placeholder="e.g. 10:00 AM-12:00 PM ET" maxLength={100} />
      <TextField label="Location" {...form.text("location")} placeholder="e.g. Video call" maxLength={200} hint={SESSION_FORM_HINTS.location} />
      <SelectField label="Tier" options={TIER_OPTIONS} {...form.text("tier")} />
      <TextField label="Facilitator" {...form.text("facilitator")} maxLength={200} />
      <TextField label="Participants" type="number" inputMode="numeric" min={0} max={100000} step={1} {...form.text("participants")} />
      <TextAreaField className={WIDE} label="Description" {...form.text("description")} maxLength={5000} />
      <CheckboxField className={WIDE} label="Past session" hint="Past sessions are listed under Past and can link to their recording." {...form.check("isPast")} />
      {form.values.isPast ? (
        <LinkField className={WIDE} label="Recording URL" {...form.text("recordingUrl")} />
      ) : (
        <LinkField className={WIDE} label="Join link" {...form.text("joinUrl")} hint={SESSION_FORM_HINTS.joinUrl} />
      )}
    </ContentForm>
  );
}
