import { useState, type FormEvent } from "react";
import { SETTINGS_MESSAGES, type GeneralSettings } from "../../../../common/contracts/settings";
import { PAID_TIERS, PLANS } from "../../../../common/tiers";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { FormField } from "../../../components/ui/form-field";
import { Spinner } from "../../../components/ui/spinner";
import { ApiError } from "../../../lib/api-client";
import { useTimers } from "../../../lib/use-timers";
import { CheckboxField, SelectField } from "../../admin-content/components/form-controls";
import { useGeneralSettings, useSaveGeneralSettings } from "../api";

/** Spec 001 §9: the settings save confirmation shows for 3 s. */
const SAVED_NOTICE_MS = 3000;

const TIER_OPTIONS = PAID_TIERS.map((tier) => ({ value: tier, label: PLANS[tier].name }));

type FieldErrors = Partial<Record<keyof GeneralSettings, string>>;

/** Admin Settings → General Settings (spec 001 §2.5): saved on the server, in effect at once. */
export function GeneralSettingsTab() {
  const settings = useGeneralSettings();
  return (
    <Card>
      <CardHeader>
        <CardTitle>General Settings</CardTitle>
        <CardDescription>How the community presents itself and who may join.</CardDescription>
      </CardHeader>
      <CardContent>
        {settings.isPending ? (
          <div className="flex justify-center py-10">
            <Spinner className="size-6" label="Loading settings" />
          </div>
        ) : settings.isError ? (
          <div className="grid justify-items-start gap-3">
            <Alert variant="error" className="w-full">
              {SETTINGS_MESSAGES.loadFailed}
            </Alert>
            <Button variant="outline" onClick={() => void settings.refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <GeneralSettingsForm initial={settings.data} />
        )}
      </CardContent>
    </Card>
  );
}

function GeneralSettingsForm({ initial }: { initial: GeneralSettings }) {
  const save = useSaveGeneralSettings();
  const later = useTimers();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [savedAt, setSavedAt] = useState<number | null>(null);

  function change<Key extends keyof GeneralSettings>(key: Key, value: GeneralSettings[Key]) {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending) return;
    setFormError(null);
    setSavedAt(null);
    try {
      const saved = await save.mutateAsync(values);
      setValues(saved);
      setErrors({});
      const at = Date.now();
      setSavedAt(at);
      // Only the newest confirmation may hide itself.
      later(() => setSavedAt((current) => (current === at ? null : current)), SAVED_NOTICE_MS);
    } catch (error) {
      if (error instanceof ApiError && error.status < 500) {
        setErrors((error.fields ?? {}) as FieldErrors);
        setFormError(error.message || SETTINGS_MESSAGES.saveFailed);
      } else {
        setFormError(SETTINGS_MESSAGES.saveFailed);
      }
    }
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-6">
      <div className="grid items-start gap-5 md:grid-cols-2">
        <FormField
          label="Community name"
          value={values.communityName}
          error={errors.communityName}
          hint="Shown to members and as the name in their authenticator app."
          maxLength={120}
          onChange={(event) => change("communityName", event.target.value)}
        />
        <FormField
          label="Notification email"
          type="email"
          inputMode="email"
          autoComplete="email"
          placeholder="owner@example.com"
          value={values.notificationEmail}
          error={errors.notificationEmail}
          hint="Told about new accounts that wait for approval. Leave empty for no notices."
          onChange={(event) => change("notificationEmail", event.target.value)}
        />
      </div>
      <fieldset className="grid gap-4 rounded-lg border border-border p-4">
        <legend className="px-1 text-sm font-semibold text-ink">Registration</legend>
        <CheckboxField
          label="Allow registration"
          hint="When off, sign-up is refused; admins can still add members and send invitations."
          checked={values.allowRegistration}
          onChange={(event) => change("allowRegistration", event.target.checked)}
        />
        <CheckboxField
          label="Require approval"
          hint="New sign-ups stay inactive until an admin activates them in User Management."
          checked={values.requireApproval}
          onChange={(event) => change("requireApproval", event.target.checked)}
        />
      </fieldset>
      <SelectField
        label="Default tier"
        className="md:max-w-xs"
        options={TIER_OPTIONS}
        value={values.defaultTier}
        error={errors.defaultTier}
        hint="The tier of accounts made by invitation."
        onChange={(event) => change("defaultTier", event.target.value as GeneralSettings["defaultTier"])}
      />
      <FormField
        label="New conversations per member per day"
        type="number"
        inputMode="numeric"
        className="md:max-w-xs"
        min={1}
        max={1000}
        value={Number.isNaN(values.dailyNewConversations) ? "" : values.dailyNewConversations}
        error={errors.dailyNewConversations}
        hint="How many direct-message conversations a member may start in 24 hours. Replies are not counted."
        onChange={(event) => change("dailyNewConversations", event.target.valueAsNumber)}
      />
      {formError ? <Alert variant="error">{formError}</Alert> : null}
      {savedAt !== null ? <Alert variant="success">{SETTINGS_MESSAGES.saved}</Alert> : null}
      <div className="flex justify-end">
        <Button type="submit" disabled={save.isPending} className="w-full sm:w-auto">
          {save.isPending ? <Spinner className="size-4 text-current" label="Saving" /> : null}
          {save.isPending ? "Saving..." : "Save settings"}
        </Button>
      </div>
    </form>
  );
}
