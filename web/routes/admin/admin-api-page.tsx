import { AppPage } from "../../components/layout/app-page";
import { PageHeader } from "../../components/layout/page-header";
import { OPENAPI_PATH } from "../../features/api-docs/api";
import { ApiReference } from "../../features/api-docs/components/api-reference";

/** /admin/api: the API as integrators need it, read from the server's own OpenAPI document. */
export default function AdminApiPage() {
  return (
    <AppPage>
      <PageHeader
        eyebrow="Admin"
        title="API Reference"
        description={
          <>
            Every endpoint the web app uses, with who may call it, the fields it takes and their limits. Tools read the same description at{" "}
            <a className="font-mono font-semibold break-all text-navy-700 underline" href={OPENAPI_PATH}>
              {OPENAPI_PATH}
            </a>{" "}
            (OpenAPI 3.1). Sign in through <code className="font-mono">/api/auth/sign-in/email</code> for the session cookie, and send your site's address as <code className="font-mono">Origin</code> with every write.
          </>
        }
      />
      <ApiReference />
    </AppPage>
  );
}
