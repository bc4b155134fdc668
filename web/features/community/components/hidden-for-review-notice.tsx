import { MODERATION_MESSAGES } from "../../../../common/contracts/community";
import { Alert } from "../../../components/ui/alert";

/**
 * Shown to the author on their own post or reply that members' flags hid: only they (and admins)
 * still receive it, so a hidden item reaching a member who is not an admin is always their own.
 */
export function HiddenForReviewNotice({ kind }: { kind: "post" | "reply" }) {
  return (
    <Alert data-testid="hidden-for-review" className={kind === "reply" ? "px-3 py-2 text-xs" : undefined}>
      {MODERATION_MESSAGES.hiddenForReview(kind)}
    </Alert>
  );
}
