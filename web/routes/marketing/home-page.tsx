import { lazy, Suspense } from "react";
import { useNavigate } from "react-router";
import { useAuthModal } from "../../features/auth/auth-modal-context";
import { ReferralBanner } from "../../features/home/referral-banner";
import { useViewer } from "../../features/session/api";
import { paths } from "../../lib/paths";
import { scrollToId } from "../../lib/scroll-to-id";
import { usePublicPageMeta } from "../../lib/use-page-meta";
import { HomeHero } from "./home-hero";

const HomeBelowFold = lazy(() => import("./home-below-fold"));
const PRICING_ID = "pricing";

/** Home (spec 000 §2): banner, hero, then story video, benefits, founder quote, the four-plan grid and a closing call to action. */
export function HomePage() {
  usePublicPageMeta(paths.home);
  const viewer = useViewer();
  const { openAuthModal } = useAuthModal();
  const navigate = useNavigate();

  const joinFree = () => (viewer.data ? void navigate(paths.members.root) : openAuthModal("signup"));
  const viewPlans = () => void scrollToId(PRICING_ID, "smooth");

  return (
    <>
      <ReferralBanner />
      <HomeHero onJoinFree={joinFree} onViewPlans={viewPlans} />
      {/* The reserved height keeps the footer out of view (no layout shift) until the sections arrive. */}
      <Suspense fallback={<div className="min-h-[150vh]" aria-hidden />}>
        <HomeBelowFold onJoinFree={joinFree} />
      </Suspense>
    </>
  );
}
