import { useState } from "react";
import { Link } from "react-router";
import { CloseIcon } from "../../components/ui/first-load-icons";
import { paths } from "../../lib/paths";

// Spec 000 §4: dismissal lasts until reload, so it lives in memory, not in storage.
let isDismissedThisLoad = false;

/** The yellow banner for visitors who received a letter, linking to /ref-number (spec 000 §2). */
export function ReferralBanner() {
  const [isDismissed, setDismissed] = useState(isDismissedThisLoad);
  if (isDismissed) return null;

  return (
    <section aria-label="Received a letter?" className="bg-brass-300 text-navy-950" data-testid="referral-banner">
      <div className="mx-auto flex max-w-7xl items-center gap-3 px-4 py-2.5 sm:px-6 lg:px-8">
        <p className="min-w-0 flex-1 text-sm font-medium">
          Did you receive a letter from us?{" "}
          <span className="hidden sm:inline">Book a free call with our team and have your reference number ready.</span>
        </p>
        <Link
          to={paths.refNumber}
          className="inline-flex h-9 shrink-0 items-center rounded-md bg-navy-950 px-3 text-sm font-semibold text-white transition-colors hover:bg-navy-800"
        >
          Schedule a Call
        </Link>
        <button
          type="button"
          className="inline-flex size-9 shrink-0 items-center justify-center rounded-md transition-colors hover:bg-brass-400"
          aria-label="Dismiss banner"
          onClick={() => {
            isDismissedThisLoad = true;
            setDismissed(true);
          }}
        >
          <CloseIcon className="size-5" aria-hidden />
        </button>
      </div>
    </section>
  );
}
