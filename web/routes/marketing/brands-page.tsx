import { Link, useSearchParams } from "react-router";
import { ExternalLink, Star } from "lucide-react";
import { CtaBand } from "../../components/layout/cta-band";
import { PageBanner } from "../../components/layout/page-banner";
import { Section, SectionHeading } from "../../components/layout/section";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import {
  BRAND_CATEGORIES,
  BRANDS,
  brandCategoryLabel,
  isBrandCategoryFilter,
  type Brand,
  type BrandCategoryFilter,
} from "../../features/brands/brands";
import { cn } from "../../lib/cn";
import { paths } from "../../lib/paths";
import { usePublicPageMeta } from "../../lib/use-page-meta";

const CATEGORY_PARAM = "category";
const FEATURED = BRANDS.filter((brand) => brand.featured);

function BrandCard({ brand, large = false }: { brand: Brand; large?: boolean }) {
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-xl border border-border bg-surface shadow-card" data-testid={`brand-${brand.id}`}>
      <img src={brand.image} alt="" width={640} height={400} loading="lazy" className="aspect-[8/5] w-full bg-navy-50 object-cover" />
      <div className={cn("flex flex-1 flex-col", large ? "p-6" : "p-5")}>
        <div className="flex flex-wrap items-center gap-2">
          <Badge>{brandCategoryLabel(brand.category)}</Badge>
          {brand.featured ? (
            <Badge variant="accent">
              <Star className="size-3 fill-current" aria-hidden />
              Featured
            </Badge>
          ) : null}
        </div>
        <h3 className={cn("mt-3 font-bold text-ink", large ? "text-xl" : "text-lg")}>{brand.name}</h3>
        <p className="mt-2 text-sm leading-relaxed text-muted">{brand.description}</p>
        <a
          href={brand.website}
          target="_blank"
          rel="noopener noreferrer"
          className="mt-auto inline-flex items-center gap-1.5 pt-4 text-sm font-semibold text-navy-700 hover:underline"
        >
          Visit {brand.name}
          <span className="sr-only"> (opens in a new tab)</span>
          <ExternalLink className="size-4" aria-hidden />
        </a>
      </div>
    </article>
  );
}

/** /brands (spec 000 §2): the featured brands, then every brand with a category filter kept in the URL (?category=). */
export default function BrandsPage() {
  usePublicPageMeta(paths.brands);
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get(CATEGORY_PARAM);
  const category: BrandCategoryFilter = isBrandCategoryFilter(requested) ? requested : "all";
  const shown = category === "all" ? BRANDS : BRANDS.filter((brand) => brand.category === category);

  const selectCategory = (next: BrandCategoryFilter) => {
    // ScrollManager leaves the page where it is when only the query string changes.
    setSearchParams((current) => {
      const params = new URLSearchParams(current);
      if (next === "all") params.delete(CATEGORY_PARAM);
      else params.set(CATEGORY_PARAM, next);
      return params;
    });
  };

  return (
    <>
      <PageBanner
        eyebrow="Built by our members"
        title="Brands"
        lead={
          <p>
            Every one of these products started as an idea at a kitchen table or a workbench. Their founders used the
            community to get them made, launched and onto shelves.
          </p>
        }
      />

      <Section labelledBy="featured-heading">
        <SectionHeading id="featured-heading" eyebrow="Spotlight" title="Featured brands" />
        <ul className="mt-8 grid gap-6 md:grid-cols-3">
          {FEATURED.map((brand) => (
            <li key={brand.id}>
              <BrandCard brand={brand} large />
            </li>
          ))}
        </ul>
      </Section>

      <Section tone="surface" labelledBy="all-brands-heading">
        <SectionHeading id="all-brands-heading" eyebrow={`${BRANDS.length} brands`} title="All brands" />
        <div role="group" aria-label="Filter brands by category" className="mt-8 flex flex-wrap gap-2">
          {BRAND_CATEGORIES.map((entry) => {
            const isActive = entry.id === category;
            return (
              <button
                key={entry.id}
                type="button"
                aria-pressed={isActive}
                onClick={() => selectCategory(entry.id)}
                className={cn(
                  "inline-flex h-10 items-center rounded-full border px-4 text-sm font-medium transition-colors",
                  isActive ? "border-navy-800 bg-navy-800 text-white" : "border-border bg-surface text-ink hover:bg-navy-50",
                )}
              >
                {entry.label}
              </button>
            );
          })}
        </div>
        <p className="mt-5 text-sm text-muted" aria-live="polite" data-testid="brand-count">
          {category === "all" ? `Showing all ${shown.length} brands` : `Showing ${shown.length} of ${BRANDS.length} brands in ${brandCategoryLabel(category)}`}
        </p>
        <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-4" data-testid="brand-grid">
          {shown.map((brand) => (
            <li key={brand.id}>
              <BrandCard brand={brand} />
            </li>
          ))}
        </ul>
      </Section>

      <CtaBand
        headingId="brands-cta-heading"
        title="Your brand could be next"
        text="Members get the mastermind sessions, courses and introductions that took these products from prototype to shelf."
        actions={
          <Button asChild size="lg" variant="accent">
            <Link to={paths.pricingPage}>See membership plans</Link>
          </Button>
        }
      />
    </>
  );
}
