import type { ReactNode } from "react";
import { Navigate } from "react-router";
import type { Profile } from "../../../../common/contracts/auth";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { PageSpinner } from "../../../components/ui/spinner";
import { paths } from "../../../lib/paths";
import { useViewer } from "../api";

type SessionGateProps = {
  /** Whether this viewer may enter. */
  allow: (viewer: Profile | null) => boolean;
  children: ReactNode;
};

/** Spinner while the session loads; the children when `allow` says yes; otherwise back to /. */
export function SessionGate({ allow, children }: SessionGateProps) {
  const viewer = useViewer();
  if (viewer.isPending) return <PageSpinner label="Checking your session" />;
  if (viewer.isError) {
    return (
      <div className="mx-auto flex min-h-[50vh] max-w-md flex-col items-center justify-center gap-4 px-4">
        <Alert variant="error">We could not check your session. Please check your connection and try again.</Alert>
        <Button variant="outline" onClick={() => void viewer.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (!allow(viewer.data)) return <Navigate to={paths.home} replace />;
  return children;
}
