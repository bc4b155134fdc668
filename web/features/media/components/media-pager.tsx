import { Button } from "../../../components/ui/button";

type MediaPagerProps = { page: number; pageSize: number; total: number; onPageChange: (page: number) => void };

/** Previous / Next through a library of any size, with where the viewer is. */
export function MediaPager({ page, pageSize, total, onPageChange }: MediaPagerProps) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <nav aria-label="Media pages" className="flex flex-wrap items-center justify-center gap-3">
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
        Previous
      </Button>
      <span className="text-sm text-muted">{`Page ${page} of ${pages} (${total} items)`}</span>
      <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPageChange(page + 1)}>
        Next
      </Button>
    </nav>
  );
}
