import { useEffect, useRef, useState } from "react";
import { cn } from "../../lib/cn";
import { PlayIcon } from "./first-load-icons";

type VideoEmbedProps = {
  youtubeId: string;
  /** Names the player and its play button for screen readers. */
  title: string;
  /** A poster shipped with the app (web/public), shown until the video loads. */
  poster: string;
  /** Load and start muted as soon as the player scrolls into view (the home video's first visit). */
  autoplayMutedInView?: boolean;
  className?: string;
};

type PlayerState = "poster" | "clicked" | "autoplay";

function embedUrl(youtubeId: string, state: PlayerState): string {
  const params = new URLSearchParams({ autoplay: "1", rel: "0", modestbranding: "1", playsinline: "1" });
  if (state === "autoplay") params.set("mute", "1");
  return `https://www.youtube-nocookie.com/embed/${encodeURIComponent(youtubeId)}?${params.toString()}`;
}

/**
 * A 16:9 video that costs nothing until it is wanted: a local poster and a play button, replaced by
 * the player when pressed (or, with `autoplayMutedInView`, when scrolled into view, muted).
 */
export function VideoEmbed({ youtubeId, title, poster, autoplayMutedInView = false, className }: VideoEmbedProps) {
  const [state, setState] = useState<PlayerState>("poster");
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = container.current;
    if (!autoplayMutedInView || state !== "poster" || !element || !("IntersectionObserver" in window)) return;
    // Visitors who ask for less motion are never shown a video that starts on its own.
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setState("autoplay");
      },
      { threshold: 0.5 },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [autoplayMutedInView, state]);

  return (
    <div
      ref={container}
      className={cn("relative aspect-video w-full overflow-hidden rounded-xl bg-navy-950 shadow-card", className)}
      data-autoplay={autoplayMutedInView ? "muted" : "off"}
      data-state={state}
    >
      {state === "poster" ? (
        <button
          type="button"
          className="group absolute inset-0 flex size-full items-center justify-center focus-visible:outline-offset-[-4px]"
          onClick={() => setState("clicked")}
        >
          <img src={poster} alt="" width={1280} height={720} loading="lazy" decoding="async" className="absolute inset-0 size-full object-cover" />
          <span className="relative inline-flex size-16 items-center justify-center rounded-full bg-accent text-accent-foreground shadow-pop transition-transform group-hover:scale-105 sm:size-20">
            <PlayIcon className="ml-1 size-7 fill-current sm:size-8" aria-hidden />
          </span>
          <span className="sr-only">Play video: {title}</span>
        </button>
      ) : (
        <iframe
          src={embedUrl(youtubeId, state)}
          title={title}
          className="absolute inset-0 size-full"
          allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
        />
      )}
    </div>
  );
}
