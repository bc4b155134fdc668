import { lazy, Suspense } from "react";
import { Button } from "../../../components/ui/button";
import { cn } from "../../../lib/cn";
import { useAuthModal } from "../../auth/auth-modal-context";
import { useViewer } from "../../session/api";

// Signing out needs the mutation machinery; visitors (the home page's first load) never do.
const SignedInActions = lazy(() => import("./signed-in-actions"));

type HeaderAuthActionsProps = { className?: string; onAction?: () => void; stacked?: boolean };

/** Log in / Join Free when signed out; Log out when signed in; nothing while the session loads. */
export function HeaderAuthActions({ className, onAction, stacked = false }: HeaderAuthActionsProps) {
  const viewer = useViewer();
  const { openAuthModal } = useAuthModal();
  const size = stacked ? "lg" : "md";
  const placeholder = <div className={cn("h-10", className)} aria-hidden />;

  if (viewer.isPending) return placeholder;

  if (viewer.data) {
    return (
      <Suspense fallback={placeholder}>
        <SignedInActions className={className} onAction={onAction} stacked={stacked} />
      </Suspense>
    );
  }

  return (
    <div className={cn("flex items-center gap-2", stacked && "flex-col items-stretch", className)}>
      <Button
        variant={stacked ? "outline" : "ghost"}
        size={size}
        onClick={() => {
          onAction?.();
          openAuthModal("login");
        }}
      >
        Log in
      </Button>
      <Button
        variant="accent"
        size={size}
        onClick={() => {
          onAction?.();
          openAuthModal("signup");
        }}
      >
        Join Free
      </Button>
    </div>
  );
}
