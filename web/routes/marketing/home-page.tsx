import { useNavigate } from "react-router";
import { Button } from "../../components/ui/button";
import { useAuthModal } from "../../features/auth/auth-modal-context";
import { PlanGrid } from "../../features/plans/components/plan-grid";
import { useViewer } from "../../features/session/api";
import { paths } from "../../lib/paths";
import { HomeBenefits } from "./home-benefits";
import { HomeHero } from "./home-hero";

const PRICING_ID = "pricing";

/** Home (spec 000 §2): hero, benefits, the four-plan grid and a closing call to action. Paid members are sent on by homeLoader. */
export function HomePage() {
  const viewer = useViewer();
  const { openAuthModal } = useAuthModal();
  const navigate = useNavigate();

  const joinFree = () => (viewer.data ? void navigate(paths.members.root) : openAuthModal("signup"));
  const viewPlans = () => document.getElementById(PRICING_ID)?.scrollIntoView({ behavior: "smooth", block: "start" });

  return (
    <>
      <HomeHero onJoinFree={joinFree} onViewPlans={viewPlans} />
      <HomeBenefits />
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
            <PlanGrid onJoinFree={joinFree} />
          </div>
        </div>
      </section>
      <section className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-20 lg:px-8">
        <div className="flex flex-col items-start gap-6 rounded-2xl bg-primary px-6 py-10 text-white sm:px-10 lg:flex-row lg:items-center lg:justify-between">
          <div className="max-w-2xl">
            <h2 className="text-2xl font-bold tracking-tight sm:text-3xl">Your product deserves a team behind it.</h2>
            <p className="mt-3 text-navy-200">
              Join free today, meet the community and upgrade when you want a seat in the mastermind sessions.
            </p>
          </div>
          <Button size="lg" variant="accent" onClick={joinFree}>
            Join Free
          </Button>
        </div>
      </section>
    </>
  );
}
