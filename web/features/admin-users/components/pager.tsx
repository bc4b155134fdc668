import { ChevronLeft, ChevronRight } from "lucide-react";
import { Button } from "../../../components/ui/button";

type PagerProps = { page: number; pageSize: number; total: number; label: string; onPage: (page: number) => void; busy?: boolean };

/** Previous / next with where the reader is; nothing when everything fits on one page. */
export function Pager({ page, pageSize, total, label, onPage, busy = false }: PagerProps) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages === 1) return null;
  return (
    <nav aria-label={label} className="flex items-center justify-between gap-3">
      <Button variant="outline" size="sm" onClick={() => onPage(page - 1)} disabled={page <= 1 || busy}>
        <ChevronLeft aria-hidden />
        Previous
      </Button>
      <p className="text-sm text-muted" aria-live="polite">{`Page ${page} of ${pages}`}</p>
      <Button variant="outline" size="sm" onClick={() => onPage(page + 1)} disabled={page >= pages || busy}>
        Next
        <ChevronRight aria-hidden />
      </Button>
    </nav>
  );
}
