import { ShieldCheck } from "lucide-react";

const GUIDELINES = [
  "Be respectful and constructive: critique ideas, never people.",
  "Share what you have learned, including the numbers and the mistakes. That is what helps others most.",
  "No spam, and no promotion without context. Links to your own products are fine when they answer a question.",
  "Keep confidential details, such as unfiled inventions or supplier terms under NDA, out of your posts.",
  "Pick the category that fits, so members looking for help can find your post.",
] as const;

/** The community's house rules, beside the feed. */
export function CommunityGuidelines() {
  return (
    <section aria-labelledby="community-guidelines-heading" className="rounded-xl border border-brass-200 bg-brass-50 p-5">
      <h2 id="community-guidelines-heading" className="flex items-center gap-2 text-base font-semibold text-ink">
        <ShieldCheck className="size-5 text-brass-700" aria-hidden />
        Community Guidelines
      </h2>
      <ul className="mt-3 grid list-disc gap-2 pl-5 text-sm text-ink/80 marker:text-brass-600">
        {GUIDELINES.map((rule) => (
          <li key={rule}>{rule}</li>
        ))}
      </ul>
    </section>
  );
}
