import { Navigate } from "react-router";
import { FlaskConical } from "lucide-react";
import { PageSpinner } from "../../components/ui/spinner";
import { usePublicConfig } from "../../features/config/api";
import { paths } from "../../lib/paths";
import { DebugTools } from "./debug-tools";
import { TestLoginForm } from "./test-login-form";

/** /test-login (spec 000 §2): debug login with session tools; only when the server enables it. */
export default function TestLoginPage() {
  const config = usePublicConfig();
  if (config.isPending) return <PageSpinner />;
  if (!config.data?.testLoginEnabled) return <Navigate to={paths.home} replace />;

  return (
    <section className="mx-auto grid max-w-6xl gap-8 px-4 py-12 sm:px-6 lg:px-8">
      <div className="flex items-start gap-4">
        <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-xl bg-navy-50 text-navy-700">
          <FlaskConical className="size-6" aria-hidden />
        </span>
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">Test login</h1>
          <p className="mt-1 text-muted">A debugging page for development and testing. It is switched off in production.</p>
        </div>
      </div>
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <TestLoginForm demoAdmin={config.data.demoAdmin} />
        <DebugTools />
      </div>
    </section>
  );
}
