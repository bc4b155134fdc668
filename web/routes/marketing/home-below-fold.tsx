import { useEffect, useRef } from "react";
import { useNavigate } from "react-router";
import { Button } from "../../components/ui/button";
import { PlanGrid } from "../../features/plans/components/plan-grid";
import { useJoinFree } from "../../features/home/use-join-free";
import { useViewer } from "../../features/session/api";
import { paths } from "../../lib/paths";
import { HomeBenefits } from "./home-benefits";
import { HomeJourney } from "./home-journey";
import { FounderQuote, HomeStory } from "./home-story";
import { PRICING_ID } from "./pricing-id";

/**
 * Spec 000 §2: home sends a signed-in account whose tier is not free to /members, admins included
 * (docs/decisions/0005). Decided once, on arrival: a sign-in made on this page is never overtaken
 * by it. The page renders at once rather than waiting for the session, so visitors see it sooner.
 */
function useRedirectPaidMembersOnArrival() {
  const viewer = useViewer();
  const navigate = useNavigate();
  const hasDecided = useRef(false);
  useEffect(() => {
    if (hasDecided.current || viewer.isPending) return;
    hasDecided.current = true;
    const member = viewer.data;
    if (member && member.membershipTier !== "free") void navigate(paths.members.root, { replace: true });
  }, [viewer.isPending, viewer.data, navigate]);
}

const INTENT_EVENTS = ["pointerover", "focusin", "touchstart"] as const;

/**
 * Fetches the other pages' route table once a pointer, finger or keyboard reaches a link to another
 * page, so the click that follows needs one request less; a visitor who only reads home never loads it.
 */
function usePrefetchOtherPagesOnIntent() {
  useEffect(() => {
    const prefetch = (event: Event) => {
      if (!(event.target instanceof Element) || !event.target.closest("a[href^='/']:not([href='/'])")) return;
      void import("./marketing-routes");
      stop();
    };
    const stop = () => {
      for (const type of INTENT_EVENTS) document.removeEventListener(type, prefetch, true);
    };
    for (const type of INTENT_EVENTS) document.addEventListener(type, prefetch, { capture: true, passive: true });
    return stop;
  }, []);
}

/**
 * Everything under the home hero: story video, benefits, founder quote, the plan grid (#pricing)
 * and the closing call to action. Its own chunk, loaded as the hero renders, keeps the first script small.
 * The paid-member redirect lives here too, for the same reason.
 */
export default function HomeBelowFold() {
  const onJoinFree = useJoinFree();
  useRedirectPaidMembersOnArrival();
  usePrefetchOtherPagesOnIntent();
  return (
    <>
      <HomeStory />
      <HomeJourney />
      <HomeBenefits />
      <FounderQuote />
      <section id={PRICING_ID} className="scroll-mt-20 border-y border-border bg-surface" aria-labelledby="pricing-heading">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-20 lg:px-8">
          <div className="mx-auto max-w-2xl text-center">
            <p className="text-sm font-semibold tracking-wider text-brass-700 uppercase">Membership plans</p>
            <h2 id="pricing-heading" className="mt-2 text-3xl font-bold tracking-tight text-ink sm:text-4xl">
              Start free. Upgrade when your product is ready.
            </h2>
            <p className="mt-4 text-lg text-muted">Every paid plan is billed monthly. Change or cancel from your account.</p>
          </div>
          <div className="mt-12">
            <PlanGrid onJoinFree={onJoinFree} />
          </div>
        </div>
      </section>
      <section className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-20 lg:px-8" aria-labelledby="closing-heading">
        <div className="flex flex-col items-start gap-6 rounded-2xl bg-primary px-6 py-10 text-white sm:px-10 lg:flex-row lg:items-center lg:justify-between">
          <div className="max-w-2xl">
            <h2 id="closing-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
              Your product deserves a team behind it.
            </h2>
            <p className="mt-3 text-navy-200">
              Join free today, meet the community and upgrade when you want a seat in the mastermind sessions.
            </p>
          </div>
          <Button size="lg" variant="accent" onClick={onJoinFree}>
            Join Free
          </Button>
        </div>
      </section>
    </>
  );
}
