import { ExternalLink } from "lucide-react";
import type { NewsItem } from "../../../../common/contracts/marketing";
import { Alert } from "../../../components/ui/alert";
import { Spinner } from "../../../components/ui/spinner";
import { useNews } from "../api";
import { NEWS_FAILED_MESSAGE } from "../messages";

function NewsEntry({ item }: { item: NewsItem }) {
  return (
    <article className="rounded-xl border border-border bg-surface p-6 shadow-card" data-testid="news-item">
      <p className="text-sm font-medium text-brass-700">{item.date}</p>
      <h3 className="mt-2 text-lg font-semibold text-ink">
        <a href={item.link} target="_blank" rel="noopener noreferrer" className="hover:underline">
          {item.title}
        </a>
      </h3>
      {/* Sanitized by the server (an allow-list of tags and attributes) before it ever reaches the page. */}
      <div className="news-description mt-2 text-sm leading-relaxed text-muted" dangerouslySetInnerHTML={{ __html: item.descriptionHtml }} />
      <a
        href={item.link}
        target="_blank"
        rel="noopener noreferrer"
        className="mt-4 inline-flex items-center gap-1.5 text-sm font-semibold text-navy-700 hover:underline"
      >
        Read more
        <span className="sr-only">: {item.title}</span>
        <ExternalLink className="size-4" aria-hidden />
      </a>
    </article>
  );
}

/** 'Latest News' (spec 001 §2.10): a spinner, then the items; on failure the red box and the sample items. */
export function NewsList() {
  const news = useNews();
  if (news.isPending) return <Spinner className="size-8" label="Loading the latest news" />;
  // Our own API failing is the same failure for the visitor as the feed failing.
  if (news.isError) return <Alert variant="error">{NEWS_FAILED_MESSAGE}</Alert>;
  return (
    <div className="grid gap-6">
      {news.data.failed ? <Alert variant="error">{NEWS_FAILED_MESSAGE}</Alert> : null}
      <ul className="grid gap-5 md:grid-cols-2 lg:grid-cols-3">
        {news.data.items.map((item, index) => (
          <li key={`${item.link}-${index}`}>
            <NewsEntry item={item} />
          </li>
        ))}
      </ul>
    </div>
  );
}
