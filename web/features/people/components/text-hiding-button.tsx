import { EyeOff, Eye } from "lucide-react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { useSetProfileTextHidden } from "../api";
import { PEOPLE_PAGE_MESSAGES } from "../messages";

/** Admins: hides a profile's text for breaking the community guidelines, or restores it. */
export function TextHidingButton({ userId, textHidden }: { userId: string; textHidden: boolean }) {
  const change = useSetProfileTextHidden(userId);
  const Icon = textHidden ? Eye : EyeOff;
  return (
    <div className="grid gap-2">
      <Button variant="outline" disabled={change.isPending} onClick={() => change.mutate(!textHidden)}>
        <Icon className="size-4" aria-hidden />
        {textHidden ? PEOPLE_PAGE_MESSAGES.restoreText : PEOPLE_PAGE_MESSAGES.hideText}
      </Button>
      {change.isError ? <Alert variant="error">{PEOPLE_PAGE_MESSAGES.hideTextFailed}</Alert> : null}
    </div>
  );
}
