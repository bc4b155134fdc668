import { useId, useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { ACCOUNT_DATA_MESSAGES, type PostsChoice } from "../../../../common/contracts/account-data";
import { AUTH_MESSAGES } from "../../../../common/contracts/auth";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { FormField } from "../../../components/ui/form-field";
import { Spinner } from "../../../components/ui/spinner";
import { ApiError } from "../../../lib/api-client";
import { paths } from "../../../lib/paths";
import { useDeleteAccount, useRequestDeletionLink } from "../api";
import type { FarewellState } from "./farewell-notice";

interface DeleteAccountFormProps {
  confirmBy: "password" | "email";
  /** The mailed link's token, when the page was opened from it. */
  token: string | null;
  hasContent: boolean;
  onCancel(): void;
}

const CHOICES: Array<{ value: PostsChoice; label: string; hint: string }> = [
  { value: "anonymise", label: "Keep my posts and replies", hint: 'They stay in the community, shown as written by "Deleted member".' },
  { value: "delete", label: "Delete my posts and replies", hint: "Replies others wrote under your posts go with them." },
];

const messageOf = (error: unknown) => (error instanceof ApiError && error.message ? error.message : ACCOUNT_DATA_MESSAGES.deleteFailed);

/** The confirmation: what happens to their posts, then the password (or the mailed link); on success, home, signed out. */
export function DeleteAccountForm({ confirmBy, token, hasContent, onCancel }: DeleteAccountFormProps) {
  const navigate = useNavigate();
  const remove = useDeleteAccount();
  const sendLink = useRequestDeletionLink();
  const choiceName = useId();
  const [posts, setPosts] = useState<PostsChoice>("anonymise");
  const [password, setPassword] = useState("");
  const [passwordError, setPasswordError] = useState<string | undefined>();
  const canConfirm = confirmBy === "password" || token !== null;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (remove.isPending) return;
    if (confirmBy === "password" && !password) return setPasswordError(AUTH_MESSAGES.passwordRequired);
    setPasswordError(undefined);
    try {
      const { message } = await remove.mutateAsync(confirmBy === "password" ? { password, posts } : { token: token ?? "", posts });
      const farewell: FarewellState = { farewell: message };
      // The home page forgets the member (FarewellNotice): cleared here, the members area's guard would send the browser home first, without the message.
      navigate(paths.home, { replace: true, state: farewell });
    } catch (error) {
      if (error instanceof ApiError && error.fields?.password) setPasswordError(error.fields.password);
    }
  }

  return (
    <form className="grid gap-5" onSubmit={submit} noValidate>
      {hasContent ? (
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-semibold text-ink">Your posts and replies</legend>
          {CHOICES.map((choice) => (
            <label key={choice.value} className="flex cursor-pointer items-start gap-3 rounded-md border border-border p-3 has-[:checked]:border-navy-600 has-[:checked]:bg-navy-50">
              <input type="radio" name={choiceName} value={choice.value} checked={posts === choice.value} onChange={() => setPosts(choice.value)} className="mt-1 accent-navy-600" />
              <span className="grid gap-0.5">
                <span className="text-sm font-semibold text-ink">{choice.label}</span>
                <span className="text-xs text-muted">{choice.hint}</span>
              </span>
            </label>
          ))}
        </fieldset>
      ) : null}

      {confirmBy === "password" ? (
        <FormField
          label="Your password"
          type="password"
          autoComplete="current-password"
          value={password}
          error={passwordError}
          onChange={(event) => {
            setPassword(event.target.value);
            setPasswordError(undefined);
          }}
        />
      ) : token ? (
        <p className="text-sm text-ink">You opened the confirmation link we emailed you.</p>
      ) : (
        <div className="grid gap-3">
          <p className="text-sm text-ink">{ACCOUNT_DATA_MESSAGES.useEmailLink}</p>
          {sendLink.isSuccess ? <Alert variant="success">{sendLink.data.message}</Alert> : null}
          {sendLink.isError ? <Alert variant="error">{messageOf(sendLink.error)}</Alert> : null}
          <div>
            <Button variant="outline" onClick={() => sendLink.mutate()} disabled={sendLink.isPending}>
              {sendLink.isPending ? <Spinner className="size-4 text-current" label="Sending the link" /> : null}
              Email me a confirmation link
            </Button>
          </div>
        </div>
      )}

      {remove.isError && !passwordError ? <Alert variant="error">{messageOf(remove.error)}</Alert> : null}

      <div className="flex flex-wrap justify-end gap-3">
        <Button variant="outline" onClick={onCancel} disabled={remove.isPending}>
          Cancel
        </Button>
        {canConfirm ? (
          <Button type="submit" variant="danger" disabled={remove.isPending}>
            {remove.isPending ? <Spinner className="size-4 text-current" label="Deleting your account" /> : null}
            Delete my account permanently
          </Button>
        ) : null}
      </div>
    </form>
  );
}
