import { lazy, memo, Suspense } from "react";
import { ReferralBanner } from "../../features/home/referral-banner";
import { useJoinFree } from "../../features/home/use-join-free";
import { ReleaseEarlyClicks } from "../../lib/early-clicks";
import { paths } from "../../lib/paths";
import { scrollToId } from "../../lib/scroll-to-id";
import { usePublicPageMeta } from "../../lib/use-page-meta";
import { HomeHero } from "./home-hero";
import { PRICING_ID } from "./pricing-id";

const HomeBelowFold = lazy(() => import("./home-below-fold"));

/**
 * The server sends these sections rendered; React hydrates them once their chunk arrives. Memoized
 * without props: a render of the page before then (the session read answering) would otherwise be an
 * update to a boundary still waiting to hydrate, and React would throw its HTML away and render it anew.
 */
const HomeBelowFoldSections = memo(function HomeBelowFoldSections() {
  return (
    // The reserved height keeps the footer out of view (no layout shift) until the sections arrive.
    <Suspense fallback={<div className="min-h-[150vh]" aria-hidden />}>
      <HomeBelowFold />
      <ReleaseEarlyClicks />
    </Suspense>
  );
});

/** Home (spec 000 §2): banner, hero, then story video, benefits, founder quote, the four-plan grid and a closing call to action. */
export function HomePage() {
  usePublicPageMeta(paths.home);
  const joinFree = useJoinFree();
  const viewPlans = () => void scrollToId(PRICING_ID, "smooth");

  return (
    <>
      <ReferralBanner />
      <HomeHero onJoinFree={joinFree} onViewPlans={viewPlans} />
      <HomeBelowFoldSections />
    </>
  );
}
