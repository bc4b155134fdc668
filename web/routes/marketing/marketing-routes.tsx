import { lazy, Suspense, type ReactNode } from "react";
import { Navigate, Route, Routes } from "react-router";
import type { MarketingRoute } from "../../../common/web-routes";
import { ReleaseEarlyClicks } from "../../lib/early-clicks";
import { paths } from "../../lib/paths";

// Every public page but home, each its own chunk. This table is itself loaded on demand, so the
// home page's first script carries one route loader instead of the whole list.
const InventorsPage = lazy(() => import("./inventors-page"));
const UniversityPage = lazy(() => import("./university-page"));
const CoursePage = lazy(() => import("./course-page"));
const LessonPage = lazy(() => import("./lesson-page"));
const MastermindPage = lazy(() => import("./mastermind-page"));
const ServicesPage = lazy(() => import("./services-page"));
const BrandsPage = lazy(() => import("./brands-page"));
const InTheNewsPage = lazy(() => import("./in-the-news-page"));
const AboutPage = lazy(() => import("./about-page"));
const ContactPage = lazy(() => import("./contact-page"));
const PrivacyPolicyPage = lazy(() => import("./privacy-policy-page"));
const TermsOfServicePage = lazy(() => import("./terms-of-service-page"));
const RefNumberPage = lazy(() => import("./ref-number-page"));
const CheckoutPage = lazy(() => import("../checkout/checkout-page"));
const CheckoutSuccessPage = lazy(() => import("../checkout/checkout-success-page"));
const CheckoutCancelPage = lazy(() => import("../checkout/checkout-cancel-page"));
const LocalCheckoutPage = lazy(() => import("../billing/local-checkout-page"));
const LocalPortalPage = lazy(() => import("../billing/local-portal-page"));
const ResetPasswordPage = lazy(() => import("../auth/reset-password-page"));
const AcceptInvitationPage = lazy(() => import("../auth/accept-invitation-page"));
const AuthCallbackPage = lazy(() => import("../auth/auth-callback-page"));
const GmailCallbackPage = lazy(() => import("./gmail-callback-page"));
const TestLoginPage = lazy(() => import("../auth/test-login-page"));
const MembersGuard = lazy(() => import("../../features/session/components/members-guard").then((module) => ({ default: module.MembersGuard })));

/** While a page's code loads (usually a blink): an empty area the page's height, not a flashing spinner. */
export function PageFallback() {
  return <div className="min-h-[60vh]" aria-busy="true" />;
}

/** Keyed by the shared route table: a page missing here, or one the table lacks, fails the typecheck. */
const pages: Record<MarketingRoute, ReactNode> = {
  [paths.inventors]: <InventorsPage />,
  [paths.university]: <UniversityPage />,
  "/university/course/:id": <CoursePage />,
  "/university/course/:id/lesson/:lessonId": <LessonPage />,
  [paths.mastermind]: <MastermindPage />,
  [paths.services]: <ServicesPage />,
  [paths.brands]: <BrandsPage />,
  [paths.inTheNews]: <InTheNewsPage />,
  [paths.about]: <AboutPage />,
  [paths.contact]: <ContactPage />,
  [paths.privacyPolicy]: <PrivacyPolicyPage />,
  [paths.termsOfService]: <TermsOfServicePage />,
  [paths.refNumber]: <RefNumberPage />,
  "/checkout/:plan": <CheckoutPage />,
  [paths.checkoutSuccess]: <CheckoutSuccessPage />,
  [paths.checkoutCancel]: <CheckoutCancelPage />,
  [paths.acceptInvitation]: <AcceptInvitationPage />,
  [paths.billingCheckout]: (
    <MembersGuard>
      <LocalCheckoutPage />
    </MembersGuard>
  ),
  [paths.billingPortal]: (
    <MembersGuard>
      <LocalPortalPage />
    </MembersGuard>
  ),
  [paths.resetPassword]: <ResetPasswordPage />,
  [paths.authCallback]: <AuthCallbackPage />,
  [paths.gmailCallback]: <GmailCallbackPage />,
  [paths.testLogin]: <TestLoginPage />,
  [paths.pricingPage]: <Navigate to={paths.pricing} replace />,
};

/** The public pages under the site's header and footer (spec 001 §2.1); any other path goes to /. */
export default function MarketingRoutes() {
  return (
    <Routes>
      {Object.entries(pages).map(([path, element]) => (
        <Route key={path} path={path} element={
            <Suspense fallback={<PageFallback />}>
              {element}
              <ReleaseEarlyClicks />
            </Suspense>
          } />
      ))}
      <Route path="*" element={<Navigate to={paths.home} replace />} />
    </Routes>
  );
}
