import { useState, type FormEvent } from "react";
import { AUTH_MESSAGES, type Profile } from "../../../../common/contracts/auth";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { DialogDescription, DialogHeader, DialogTitle } from "../../../components/ui/dialog";
import { FormField } from "../../../components/ui/form-field";
import { Spinner } from "../../../components/ui/spinner";
import { ApiError } from "../../../lib/api-client";
import { DELAYS } from "../../../lib/delays";
import { useTimers } from "../../../lib/use-timers";
import { useUpdateProfile } from "../api";
import { isPictureUrl, validateProfile, type ProfileFieldErrors } from "../validation";
import { PicturePreview, type PictureState } from "./picture-preview";

type EditProfileFormProps = { profile: Profile; onDone: () => void };

/** Name and picture form (spec 000 §4, §5, §8): saving, success then close after 1.5 s, errors. */
export function EditProfileForm({ profile, onDone }: EditProfileFormProps) {
  const updateProfile = useUpdateProfile();
  const schedule = useTimers();
  const [name, setName] = useState(profile.name);
  const [picture, setPicture] = useState(profile.profilePicture ?? "");
  const [errors, setErrors] = useState<ProfileFieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [isSaved, setSaved] = useState(false);
  // Load result of the preview, remembered per address so a new address starts fresh.
  const [pictureState, setPictureState] = useState<{ url: string; state: PictureState } | null>(null);
  const trimmedPicture = picture.trim();
  const previewState: PictureState = pictureState?.url === trimmedPicture ? pictureState.state : "loading";
  const isImageBroken = isPictureUrl(trimmedPicture) && previewState === "error";
  const isSaving = updateProfile.isPending;
  const isLocked = isSaving || isSaved;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isLocked) return;
    const found = validateProfile({ name, profilePicture: picture });
    if (!found.profilePicture && isImageBroken) found.profilePicture = AUTH_MESSAGES.profileImageFailed;
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0) return;
    try {
      await updateProfile.mutateAsync({ name: name.trim(), profilePicture: trimmedPicture || null });
      setSaved(true);
      schedule(onDone, DELAYS.profileModalClose);
    } catch (error) {
      if (error instanceof ApiError) {
        if (error.fields) setErrors({ name: error.fields.name, profilePicture: error.fields.profilePicture });
        setFormError(error.message || AUTH_MESSAGES.profileUpdateFailed);
      } else {
        setFormError(AUTH_MESSAGES.profileUpdateFailed);
      }
    }
  }

  const pictureError = errors.profilePicture ?? (isImageBroken ? AUTH_MESSAGES.profileImageFailed : undefined);

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-5">
      <DialogHeader className="mb-0">
        <DialogTitle>Edit Profile</DialogTitle>
        <DialogDescription>This is how other members see you in the community.</DialogDescription>
      </DialogHeader>
      {formError ? <Alert variant="error">{formError}</Alert> : null}
      {isSaved ? <Alert variant="success">{AUTH_MESSAGES.profileUpdated}</Alert> : null}

      <PicturePreview
        name={name || profile.email}
        url={isPictureUrl(trimmedPicture) ? trimmedPicture : null}
        state={previewState}
        onStateChange={(state) => setPictureState({ url: trimmedPicture, state })}
      />

      <FormField
        label="Full name"
        autoComplete="name"
        value={name}
        error={errors.name}
        disabled={isLocked}
        onChange={(event) => {
          setName(event.target.value);
          setErrors((current) => ({ ...current, name: undefined }));
        }}
      />
      <FormField
        label="Profile picture URL"
        type="url"
        inputMode="url"
        placeholder="https://example.com/photo.jpg"
        value={picture}
        error={pictureError}
        hint="Link to a square image. Leave empty to show your initial."
        disabled={isLocked}
        onChange={(event) => {
          setPicture(event.target.value);
          setErrors((current) => ({ ...current, profilePicture: undefined }));
        }}
      />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="outline" disabled={isSaving} onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={isLocked || isImageBroken}>
          {isSaving ? <Spinner className="size-4 text-current" label="Saving" /> : null}
          {isSaving ? "Saving..." : "Save changes"}
        </Button>
      </div>
    </form>
  );
}
