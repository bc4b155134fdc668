import { Heart } from "lucide-react";
import { cn } from "../../../lib/cn";
import { likesLabel } from "../format";

type LikeButtonProps = {
  liked: boolean;
  likes: number;
  /** "Like" for posts, "Like reply" for replies: the accessible name says which. */
  label: string;
  pending: boolean;
  onToggle: () => void;
  small?: boolean;
};

/** A toggle (aria-pressed) with the like count; the count changes once the server has counted. */
export function LikeButton({ liked, likes, label, pending, onToggle, small = false }: LikeButtonProps) {
  return (
    <button
      type="button"
      aria-pressed={liked}
      aria-label={`${label}, ${likesLabel(likes)}`}
      title={liked ? "Unlike" : "Like"}
      disabled={pending}
      onClick={onToggle}
      className={cn(
        "inline-flex items-center gap-1.5 rounded-md font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:opacity-60",
        small ? "h-8 px-2 text-xs" : "h-9 px-3 text-sm",
        liked ? "bg-danger-soft text-danger hover:bg-danger-soft/70" : "text-muted hover:bg-navy-50 hover:text-ink",
      )}
    >
      <Heart className={cn(small ? "size-3.5" : "size-4", liked && "fill-current")} aria-hidden />
      <span>{likes}</span>
    </button>
  );
}
