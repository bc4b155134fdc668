import { useState, type FormEvent } from "react";
import { ACCESS_LEVEL_LABELS, CONTENT_LEVELS, type ContentLevel } from "../../../../common/content";
import type { MastermindSession } from "../../../../common/contracts/sessions";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { FormField } from "../../../components/ui/form-field";
import { useSessionMutations } from "../api";
import { useSubmitState } from "../use-submit-state";
import { SESSION_FIELDS, toSessionInput, validateSession, type SessionFormValues } from "../validation";
import { CheckboxField, SelectField, TextAreaField } from "./form-controls";

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
  const [values, setValues] = useState(() => valuesOf(session));
  const { fieldErrors, formError, submit, clearField } = useSubmitState(SESSION_FIELDS, "Failed to save the session. Please try again.");

  function set<Field extends keyof SessionFormValues>(field: Field, value: SessionFormValues[Field]) {
    setValues((current) => ({ ...current, [field]: value }));
    clearField(field);
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    let saved: MastermindSession | undefined;
    const ok = await submit(event.currentTarget, validateSession(values), async () => {
      saved = await save.mutateAsync({ id: session?.id ?? null, input: toSessionInput(values) });
    });
    if (ok && saved) onSaved(saved);
  }

  return (
    <form onSubmit={handleSubmit} noValidate className="grid gap-4 sm:grid-cols-2" aria-label={session ? "Edit session" : "New session"}>
      <div className="sm:col-span-2">
        <FormField label="Title" value={values.title} onChange={(event) => set("title", event.target.value)} error={fieldErrors.title} maxLength={200} autoFocus />
      </div>
      <FormField label="Date" type="date" value={values.date} onChange={(event) => set("date", event.target.value)} error={fieldErrors.date} />
      <FormField label="Time" value={values.time} onChange={(event) => set("time", event.target.value)} error={fieldErrors.time} placeholder="10:00 AM-12:00 PM ET" maxLength={100} />
      <FormField label="Location" value={values.location} onChange={(event) => set("location", event.target.value)} error={fieldErrors.location} placeholder="Video call" maxLength={200} />
      <SelectField label="Tier" options={TIER_OPTIONS} value={values.tier} onChange={(event) => set("tier", event.target.value as ContentLevel)} error={fieldErrors.tier} />
      <FormField label="Facilitator" value={values.facilitator} onChange={(event) => set("facilitator", event.target.value)} error={fieldErrors.facilitator} maxLength={200} />
      <FormField
        label="Participants"
        type="number"
        inputMode="numeric"
        min={0}
        max={100000}
        step={1}
        value={values.participants}
        onChange={(event) => set("participants", event.target.value)}
        error={fieldErrors.participants}
      />
      <TextAreaField
        label="Description"
        className="sm:col-span-2"
        value={values.description}
        onChange={(event) => set("description", event.target.value)}
        error={fieldErrors.description}
        maxLength={5000}
      />
      <CheckboxField
        label="Past session"
        hint="Past sessions are listed under Past and can link to their recording."
        className="sm:col-span-2"
        checked={values.isPast}
        onChange={(event) => set("isPast", event.target.checked)}
      />
      {values.isPast ? (
        <div className="sm:col-span-2">
          <FormField
            label="Recording URL"
            type="url"
            value={values.recordingUrl}
            onChange={(event) => set("recordingUrl", event.target.value)}
            error={fieldErrors.recordingUrl}
            placeholder="https://"
            maxLength={2000}
          />
        </div>
      ) : null}
      {formError ? (
        <Alert variant="error" className="sm:col-span-2">
          {formError}
        </Alert>
      ) : null}
      <div className="flex flex-wrap gap-3 sm:col-span-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? "Saving..." : session ? "Save Changes" : "Create Session"}
        </Button>
        <Button variant="outline" onClick={onCancel} disabled={save.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
