import { Link } from "react-router";
import { Sparkles } from "lucide-react";
import { CONTENT_MESSAGES } from "../../../../common/content";
import { Button } from "../../../components/ui/button";
import { paths } from "../../../lib/paths";
import { VIDEO_PAGE_MESSAGES } from "../messages";

/** For free or anonymous viewers: what a paid plan adds, with the way to the plans (spec 000 §2). */
export function PremiumBanner() {
  return (
    <section
      aria-labelledby="premium-videos-heading"
      className="flex flex-col gap-4 rounded-xl bg-primary p-6 text-white shadow-card sm:flex-row sm:items-center sm:justify-between"
      data-testid="premium-banner"
    >
      <div className="flex items-start gap-4">
        <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg bg-accent text-accent-foreground">
          <Sparkles className="size-5" aria-hidden />
        </span>
        <div>
          <h2 id="premium-videos-heading" className="text-lg font-semibold">
            {CONTENT_MESSAGES.unlockPremiumVideos}
          </h2>
          <p className="mt-1 text-sm text-navy-200">{VIDEO_PAGE_MESSAGES.premiumText}</p>
        </div>
      </div>
      <Button asChild variant="accent" className="self-start sm:self-center">
        <Link to={paths.pricing}>{CONTENT_MESSAGES.viewMembershipOptions}</Link>
      </Button>
    </section>
  );
}
