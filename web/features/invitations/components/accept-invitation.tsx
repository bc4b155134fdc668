import { useState, type FormEvent, type ReactNode } from "react";
import { Link, useNavigate } from "react-router";
import type { InvitationPreview } from "../../../../common/contracts/invitations";
import { TIER_BADGES } from "../../../../common/tiers";
import { Alert } from "../../../components/ui/alert";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { FormField } from "../../../components/ui/form-field";
import { Spinner } from "../../../components/ui/spinner";
import { ApiError } from "../../../lib/api-client";
import { paths } from "../../../lib/paths";
import { usePublicSettings } from "../../settings/api";
import { useAcceptInvitation, useInvitationPreview } from "../api";
import { INVITATION_UI_MESSAGES as TEXT } from "../messages";
import { hasErrors, validateAcceptance, type FieldErrors } from "../validation";

type Field = "name" | "password" | "confirmPassword";
type LinkProblem = "invalid" | "expired";

/** The card the accept page draws around each state. */
export type Frame = (props: { title: string; description?: ReactNode; children: ReactNode }) => ReactNode;

function problemOf(error: unknown): LinkProblem | null {
  if (!(error instanceof ApiError)) return null;
  if (error.status === 404) return "invalid";
  return error.status === 410 ? "expired" : null;
}

/** /accept-invitation?token=…: shows the invitation, then creates the account and opens the members area. */
export function AcceptInvitation({ token, Frame }: { token: string; Frame: Frame }) {
  const preview = useInvitationPreview(token);
  const [spent, setSpent] = useState<LinkProblem | null>(null);
  const problem = token === "" ? "invalid" : (spent ?? problemOf(preview.error));

  if (problem) return <LinkProblemCard problem={problem} Frame={Frame} />;
  if (preview.isPending) {
    return (
      <Frame title="Your invitation">
        <div className="flex justify-center py-8">
          <Spinner className="size-8 border-3" label="Loading your invitation" />
        </div>
      </Frame>
    );
  }
  if (preview.isError) {
    return (
      <Frame title="Your invitation">
        <div className="grid gap-4">
          <Alert variant="error">{TEXT.previewFailed}</Alert>
          <Button variant="outline" onClick={() => void preview.refetch()}>
            Try again
          </Button>
        </div>
      </Frame>
    );
  }
  return <AcceptForm token={token} invitation={preview.data} onLinkProblem={setSpent} Frame={Frame} />;
}

function LinkProblemCard({ problem, Frame }: { problem: LinkProblem; Frame: Frame }) {
  return (
    <Frame title={problem === "expired" ? "This invitation has expired" : "This invitation cannot be used"}>
      <div className="grid gap-5">
        <Alert variant="error">{problem === "expired" ? TEXT.expiredLink : TEXT.invalidLink}</Alert>
        <p className="text-sm text-muted">If you already created your account with this invitation, log in from the home page.</p>
        <Button asChild variant="outline">
          <Link to={paths.home}>Go to the home page</Link>
        </Button>
      </div>
    </Frame>
  );
}

function AcceptForm({ token, invitation, onLinkProblem, Frame }: { token: string; invitation: InvitationPreview; onLinkProblem: (problem: LinkProblem) => void; Frame: Frame }) {
  const navigate = useNavigate();
  const accept = useAcceptInvitation(token);
  const communityName = usePublicSettings().data?.communityName ?? "the community";
  const [values, setValues] = useState({ name: invitation.name, password: "", confirmPassword: "" });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [failure, setFailure] = useState<string | null>(null);

  const setValue = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (accept.isPending) return;
    setFailure(null);
    const found = validateAcceptance(values);
    setErrors(found);
    if (hasErrors(found)) return;
    try {
      await accept.mutateAsync({ ...values, name: values.name.trim() });
      await navigate(paths.members.root, { replace: true });
    } catch (error) {
      const problem = problemOf(error);
      if (problem) return onLinkProblem(problem);
      const fields = error instanceof ApiError ? error.fields : undefined;
      if (fields && (fields.name || fields.password || fields.confirmPassword)) {
        setErrors({ name: fields.name, password: fields.password, confirmPassword: fields.confirmPassword });
      } else {
        setFailure(error instanceof ApiError && error.status < 500 && error.message ? error.message : TEXT.acceptFailed);
      }
    }
  }

  return (
    <Frame title={`Welcome, ${invitation.name}`} description={`You have been invited to join ${communityName}. Choose a password to create your account.`}>
      <dl className="mb-6 grid gap-2 rounded-lg bg-navy-50 p-4 text-sm">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <dt className="text-muted">Email</dt>
          <dd className="font-medium break-all text-ink">{invitation.email}</dd>
        </div>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <dt className="text-muted">Membership</dt>
          <dd>
            <Badge variant="accent">{TIER_BADGES[invitation.membershipTier]}</Badge>
          </dd>
        </div>
      </dl>
      <form noValidate onSubmit={(event) => void submit(event)} className="grid gap-5">
        {failure ? <Alert variant="error">{failure}</Alert> : null}
        {/* For password managers: the account's user name is the invited address. */}
        <input type="email" name="email" autoComplete="username" value={invitation.email} readOnly hidden />
        <FormField label="Name" autoComplete="name" value={values.name} error={errors.name} disabled={accept.isPending} onChange={(event) => setValue("name", event.target.value)} />
        <FormField
          label="Password"
          type="password"
          autoComplete="new-password"
          value={values.password}
          error={errors.password}
          hint="At least 6 characters."
          disabled={accept.isPending}
          onChange={(event) => setValue("password", event.target.value)}
        />
        <FormField
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          value={values.confirmPassword}
          error={errors.confirmPassword}
          disabled={accept.isPending}
          onChange={(event) => setValue("confirmPassword", event.target.value)}
        />
        <Button type="submit" size="lg" disabled={accept.isPending}>
          {accept.isPending ? <Spinner className="size-4 text-current" label="Creating your account" /> : null}
          {accept.isPending ? "Creating your account..." : "Create my account"}
        </Button>
      </form>
    </Frame>
  );
}
