/** Expertise tags as small chips. */
export function TagList({ tags, label }: { tags: readonly string[]; label: string }) {
  if (tags.length === 0) return null;
  return (
    <ul aria-label={label} className="flex flex-wrap gap-1.5">
      {tags.map((tag) => (
        <li key={tag} className="rounded-full bg-navy-50 px-2.5 py-0.5 text-xs font-medium wrap-anywhere text-navy-700">
          {tag}
        </li>
      ))}
    </ul>
  );
}
