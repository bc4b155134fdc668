import { Flag } from "lucide-react";
import { Button } from "../../../components/ui/button";

/** "Flag" opens the reason dialog; once the member flagged the item it reads "Flagged" and does nothing. */
export function FlagButton({ flagged, label, onFlag, small = false }: { flagged: boolean; label: string; onFlag: () => void; small?: boolean }) {
  return (
    <Button
      variant="ghost"
      size="sm"
      className={small ? "h-8 px-2 text-xs text-muted hover:text-danger" : "h-9 text-muted hover:text-danger"}
      aria-label={flagged ? undefined : label}
      disabled={flagged}
      onClick={onFlag}
    >
      <Flag aria-hidden className={flagged ? "fill-current" : undefined} />
      {flagged ? "Flagged" : "Flag"}
    </Button>
  );
}
