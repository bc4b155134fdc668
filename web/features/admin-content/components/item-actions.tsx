import { Pencil, Trash2 } from "lucide-react";
import { Button } from "../../../components/ui/button";

/** The Edit and Delete icon buttons of a content card, named after the item for screen readers. */
export function ItemActions({ title, onEdit, onDelete }: { title: string; onEdit: () => void; onDelete: () => void }) {
  return (
    <div className="flex shrink-0 items-center gap-1">
      <Button variant="ghost" size="icon" aria-label={`Edit ${title}`} title="Edit" onClick={onEdit}>
        <Pencil aria-hidden />
      </Button>
      <Button variant="ghost" size="icon" aria-label={`Delete ${title}`} title="Delete" onClick={onDelete} className="text-danger hover:bg-danger-soft">
        <Trash2 aria-hidden />
      </Button>
    </div>
  );
}
