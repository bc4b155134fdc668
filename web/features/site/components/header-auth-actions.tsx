import { useNavigate } from "react-router";
import { LogOut } from "lucide-react";
import { Button } from "../../../components/ui/button";
import { cn } from "../../../lib/cn";
import { paths } from "../../../lib/paths";
import { useAuthModal } from "../../auth/auth-modal-context";
import { useSignOut, useViewer } from "../../session/api";

type HeaderAuthActionsProps = { className?: string; onAction?: () => void; stacked?: boolean };

/** Log in / Join Free when signed out; Log out when signed in; nothing while the session loads. */
export function HeaderAuthActions({ className, onAction, stacked = false }: HeaderAuthActionsProps) {
  const viewer = useViewer();
  const { openAuthModal } = useAuthModal();
  const signOut = useSignOut();
  const navigate = useNavigate();
  const size = stacked ? "lg" : "md";

  if (viewer.isPending) return <div className={cn("h-10", className)} aria-hidden />;

  if (viewer.data) {
    return (
      <div className={cn("flex items-center gap-2", stacked && "flex-col items-stretch", className)}>
        <Button
          variant="outline"
          size={size}
          disabled={signOut.isPending}
          onClick={() => {
            onAction?.();
            signOut.mutate(undefined, { onSettled: () => void navigate(paths.home) });
          }}
        >
          <LogOut aria-hidden />
          Log out
        </Button>
      </div>
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
