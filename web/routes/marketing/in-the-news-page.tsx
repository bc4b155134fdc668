import { ExternalLink, Newspaper } from "lucide-react";
import { PageBanner } from "../../components/layout/page-banner";
import { Section, SectionHeading } from "../../components/layout/section";
import { VideoEmbed } from "../../components/ui/video-embed";
import { NewsList } from "../../features/news/components/news-list";
import { FEATURED_INTERVIEW, PRESS_VIDEOS } from "../../features/news/press";
import { paths } from "../../lib/paths";
import { usePublicPageMeta } from "../../lib/use-page-meta";

/** /in-the-news (spec 001 §2.10): banner, featured interview, 'Past Products in the News' and 'Latest News'. */
export default function InTheNewsPage() {
  usePublicPageMeta(paths.inTheNews);

  return (
    <>
      <PageBanner
        eyebrow="Press"
        title="In The News"
        lead={<p>Interviews with our founder, members&apos; products on television and the latest press coverage of the community.</p>}
      />

      <Section labelledBy="featured-story-heading">
        <h2 id="featured-story-heading" className="sr-only">
          Featured story
        </h2>
        <article className="grid overflow-hidden rounded-2xl border border-border bg-surface shadow-card lg:grid-cols-2">
          <img
            src={FEATURED_INTERVIEW.image}
            alt="Illustration of our founder in conversation with a journalist"
            width={720}
            height={480}
            className="h-full w-full bg-navy-50 object-cover"
          />
          <div className="flex flex-col p-6 sm:p-10">
            <p className="inline-flex items-center gap-2 text-sm font-semibold tracking-wider text-brass-700 uppercase">
              <Newspaper className="size-4" aria-hidden />
              Featured interview · {FEATURED_INTERVIEW.publication}
            </p>
            <h3 className="mt-3 text-2xl font-bold tracking-tight text-balance text-ink sm:text-3xl">{FEATURED_INTERVIEW.headline}</h3>
            <p className="mt-4 text-lg leading-relaxed text-muted">{FEATURED_INTERVIEW.summary}</p>
            <p className="mt-4 text-sm text-muted">{FEATURED_INTERVIEW.date}</p>
            <a
              href={FEATURED_INTERVIEW.url}
              target="_blank"
              rel="noopener noreferrer"
              className="mt-6 inline-flex h-12 items-center gap-2 self-start rounded-md bg-primary px-6 font-semibold text-white hover:bg-primary-hover"
            >
              Read the full interview
              <ExternalLink className="size-4" aria-hidden />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          </div>
        </article>
      </Section>

      <Section tone="surface" labelledBy="past-products-heading">
        <SectionHeading
          id="past-products-heading"
          title="Past Products in the News"
          lead="Members' products that made it onto television and into local news."
        />
        <ul className="mt-10 grid gap-8 md:grid-cols-2 lg:grid-cols-3">
          {PRESS_VIDEOS.map((video) => (
            <li key={video.youtubeId}>
              <figure>
                <VideoEmbed youtubeId={video.youtubeId} title={video.title} poster={video.poster} />
                <figcaption className="mt-4">
                  <h3 className="font-semibold text-ink">{video.title}</h3>
                  <p className="mt-1 text-sm leading-relaxed text-muted">{video.caption}</p>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </Section>

      <Section labelledBy="latest-news-heading">
        <SectionHeading id="latest-news-heading" title="Latest News" lead="Press releases and industry news for inventors and product brands." />
        <div className="mt-10">
          <NewsList />
        </div>
      </Section>
    </>
  );
}
