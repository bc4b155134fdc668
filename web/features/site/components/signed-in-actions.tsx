import { useNavigate } from "react-router";
import { LogOut } from "lucide-react";
import { Button } from "../../../components/ui/button";
import { cn } from "../../../lib/cn";
import { paths } from "../../../lib/paths";
import { useSignOut } from "../../session/sign-out";

type SignedInActionsProps = { className?: string; onAction?: () => void; stacked?: boolean };

/** The header's Log out button (loaded only for signed-in visitors). */
export default function SignedInActions({ className, onAction, stacked = false }: SignedInActionsProps) {
  const signOut = useSignOut();
  const navigate = useNavigate();
  return (
    <div className={cn("flex items-center gap-2", stacked && "flex-col items-stretch", className)}>
      <Button
        variant="outline"
        size={stacked ? "lg" : "md"}
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
