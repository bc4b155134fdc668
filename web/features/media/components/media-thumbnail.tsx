import { FileText, Film, Image, MonitorPlay } from "lucide-react";
import { useState } from "react";
import type { MediaItem } from "../../../../common/contracts/media";

/** The picture of an item: the image itself, the video host's thumbnail, or an icon for its kind. */
export function MediaThumbnail({ item }: { item: MediaItem }) {
  // A picture that does not load (a damaged file, the video host unreachable) shows its kind's icon.
  const [failed, setFailed] = useState(false);
  if (item.thumbnailUrl && !failed) {
    return (
      <div className="relative aspect-video overflow-hidden rounded-md bg-navy-50">
        <img src={item.thumbnailUrl} alt="" loading="lazy" className="size-full object-cover" onError={() => setFailed(true)} />
        {item.isYoutube ? <MonitorPlay className="absolute right-2 bottom-2 size-6 rounded bg-white/90 p-0.5 text-danger" aria-hidden /> : null}
      </div>
    );
  }
  const Icon = item.kind === "video" ? Film : item.kind === "image" ? Image : FileText;
  return (
    <div className="flex aspect-video items-center justify-center rounded-md bg-navy-50 text-navy-600">
      <Icon className="size-10" aria-hidden />
    </div>
  );
}
