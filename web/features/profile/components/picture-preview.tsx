import { ImageOff } from "lucide-react";
import { initialOf } from "../../../lib/format";

export type PictureState = "loading" | "loaded" | "error";

type PicturePreviewProps = {
  name: string;
  url: string | null;
  state: PictureState;
  onStateChange: (state: PictureState) => void;
};

/** Live preview of the picture address; reports whether the image loads. */
export function PicturePreview({ name, url, state, onStateChange }: PicturePreviewProps) {
  return (
    <div className="flex items-center gap-4 rounded-lg bg-navy-50 p-4">
      <span className="relative inline-flex size-16 shrink-0 items-center justify-center overflow-hidden rounded-full bg-accent text-2xl font-bold text-accent-foreground">
        {url && state !== "error" ? (
          <img
            key={url}
            src={url}
            alt="Profile picture preview"
            referrerPolicy="no-referrer"
            className="size-full object-cover"
            onLoad={() => onStateChange("loaded")}
            onError={() => onStateChange("error")}
          />
        ) : url ? (
          <ImageOff className="size-6 text-accent-foreground" aria-hidden />
        ) : (
          <span aria-hidden>{initialOf(name)}</span>
        )}
      </span>
      <p className="text-sm text-muted">
        {url
          ? state === "loading"
            ? "Loading preview..."
            : state === "loaded"
              ? "Looks good. This picture will show in your sidebar."
              : "This address did not load as an image."
          : "No picture set: members see your initial."}
      </p>
    </div>
  );
}
