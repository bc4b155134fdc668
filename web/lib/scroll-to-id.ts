const WAIT_MS = 3000;

/**
 * Scrolls the element with this id into view, waiting up to 3 s for it to render (lazily loaded
 * sections and pages). Returns a function that stops waiting.
 */
export function scrollToId(id: string, behavior: ScrollBehavior = "auto"): () => void {
  if (matchMedia("(prefers-reduced-motion: reduce)").matches) behavior = "auto";
  const startedAt = performance.now();
  let frame = 0;
  const attempt = () => {
    const target = document.getElementById(id);
    if (target) return target.scrollIntoView({ behavior, block: "start" });
    if (performance.now() - startedAt < WAIT_MS) frame = requestAnimationFrame(attempt);
  };
  attempt();
  return () => cancelAnimationFrame(frame);
}
