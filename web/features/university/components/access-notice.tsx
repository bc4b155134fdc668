import { Link } from "react-router";
import { GraduationCap, Lock, Sparkles } from "lucide-react";
import type { UniversityAccessResponse } from "../../../../common/contracts/marketing";
import { Button } from "../../../components/ui/button";
import { paths } from "../../../lib/paths";
import { useAuthModal } from "../../auth/auth-modal-context";
import { useViewer } from "../../session/api";
import { UNIVERSITY_MESSAGES } from "../messages";

/** The upgrade prompt (none, limited) or the full-access note, from the server's access answer. */
export function AccessNotice({ access }: { access: UniversityAccessResponse["access"] }) {
  const viewer = useViewer();
  const { openAuthModal } = useAuthModal();
  const isSignedIn = Boolean(viewer.data);

  if (access === "full") {
    return (
      <div className="flex flex-col gap-4 rounded-xl border border-success/25 bg-success-soft p-6 sm:flex-row sm:items-center" data-testid="university-access" data-access="full">
        <GraduationCap className="size-8 shrink-0 text-success" aria-hidden />
        <div className="flex-1">
          <h2 className="text-lg font-semibold text-ink">{UNIVERSITY_MESSAGES.fullTitle}</h2>
          <p className="mt-1 text-sm text-ink">{UNIVERSITY_MESSAGES.fullText}</p>
        </div>
      </div>
    );
  }

  const isLimited = access === "limited";
  return (
    <div
      className="flex flex-col gap-5 rounded-xl border border-brass-200 bg-brass-50 p-6 lg:flex-row lg:items-center"
      data-testid="university-access"
      data-access={access}
    >
      <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-full bg-brass-100 text-brass-700">
        {isLimited ? <Sparkles className="size-6" aria-hidden /> : <Lock className="size-6" aria-hidden />}
      </span>
      <div className="flex-1">
        <h2 className="text-lg font-semibold text-ink">{isLimited ? UNIVERSITY_MESSAGES.limitedTitle : UNIVERSITY_MESSAGES.noneTitle}</h2>
        <p className="mt-1 text-sm text-ink">{isLimited ? UNIVERSITY_MESSAGES.limitedText : UNIVERSITY_MESSAGES.noneText}</p>
      </div>
      <div className="flex flex-col gap-3 sm:flex-row">
        {isLimited ? (
          <Button asChild size="lg">
            <Link to={paths.checkout("entrepreneur")}>Upgrade to Entrepreneur</Link>
          </Button>
        ) : null}
        <Button asChild size="lg" variant={isLimited ? "outline" : "primary"}>
          <Link to={paths.pricingPage}>{isLimited ? "Compare plans" : "Upgrade"}</Link>
        </Button>
        {!isSignedIn && !viewer.isPending ? (
          <Button size="lg" variant="outline" onClick={() => openAuthModal("login")}>
            Log in
          </Button>
        ) : null}
      </div>
    </div>
  );
}
