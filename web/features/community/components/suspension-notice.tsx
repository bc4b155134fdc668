import { Alert } from "../../../components/ui/alert";
import { exactDate } from "../format";
import { useCommunityStanding } from "../moderation-api";

/** Tells a suspended member, before they write anything, until when they cannot post, reply or like, and why. */
export function SuspensionNotice() {
  const standing = useCommunityStanding();
  const until = standing.data?.suspendedUntil;
  if (!until) return null;
  return (
    <Alert variant="error" data-testid="suspension-notice">
      <p className="font-semibold">{`You are suspended from the community until ${exactDate(until)}.`}</p>
      <p className="mt-1">You can read everything, but you cannot post, reply or like until then.</p>
      {standing.data?.message ? <p className="mt-2 whitespace-pre-wrap">{`Message from the moderators: ${standing.data.message}`}</p> : null}
    </Alert>
  );
}
