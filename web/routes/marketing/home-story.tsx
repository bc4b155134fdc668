import { VideoEmbed } from "../../components/ui/video-embed";
import { useIsFirstVisit } from "../../features/home/first-visit";
import { STORY_VIDEO } from "../../features/home/story-video";
import { QuoteIcon } from "./home-icons";

/** The story video; it autoplays muted (once in view) on the visitor's first visit only (spec 000 §4). */
export function HomeStory() {
  const autoplay = useIsFirstVisit();
  return (
    <section className="bg-surface" aria-labelledby="story-heading">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-16 sm:px-6 sm:py-20 lg:grid-cols-[1fr_1.2fr] lg:items-center lg:px-8">
        <div>
          <p className="text-sm font-semibold tracking-wider text-brass-700 uppercase">Our story</p>
          <h2 id="story-heading" className="mt-2 text-3xl font-bold tracking-tight text-ink sm:text-4xl">
            Built by an inventor who learned the hard way
          </h2>
          <p className="mt-4 text-lg text-muted">
            Our founder spent years and most of his savings getting his first product from a garage prototype to a
            retail shelf. The second product took half the time, because by then he knew who to call. This community
            is that phone book, and the people in it.
          </p>
        </div>
        <VideoEmbed youtubeId={STORY_VIDEO.youtubeId} title={STORY_VIDEO.title} poster={STORY_VIDEO.poster} autoplayMutedInView={autoplay} />
      </div>
    </section>
  );
}

/** The founder's quote (spec 000 §2). */
export function FounderQuote() {
  return (
    <section className="mx-auto max-w-5xl px-4 py-16 sm:px-6 sm:py-20 lg:px-8" aria-label="A word from our founder">
      <figure className="rounded-2xl bg-navy-950 px-6 py-10 text-white sm:px-12 sm:py-14">
        <QuoteIcon className="size-10 text-brass-400 sm:size-12" aria-hidden />
        <blockquote className="mt-4 text-xl leading-relaxed font-medium text-balance sm:text-2xl">
          <p>
            “Every inventor I meet already has the idea. What they are missing is the map, and people who have walked
            the road before them. I served my country for twelve years; now I serve the people who build things. That
            is why we built this community.”
          </p>
        </blockquote>
        <figcaption className="mt-8 flex items-center gap-4">
          <img src="/images/people/founder.svg" alt="" width={56} height={56} loading="lazy" className="size-14 rounded-full bg-navy-800" />
          <div>
            <p className="font-semibold">Marcus Hale</p>
            <p className="text-sm text-navy-300">Founder &amp; CEO · U.S. Army veteran</p>
          </div>
        </figcaption>
      </figure>
    </section>
  );
}
