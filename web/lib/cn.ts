import { clsx, type ClassValue } from "clsx";

/*
 * A small stand-in for tailwind-merge (which costs ~8.5 kB gzipped on the home page's first load):
 * when two classes set the same thing under the same variants, the later one wins. It knows the
 * utility groups this app overrides (display, position, sizes, spacing, flex and grid alignment, text
 * size, colour and alignment, font weight, background, border, radius, ring, shadow, gap); any other
 * class is kept as written, so override only those groups through `className`.
 */

const SIDES: Record<string, string[]> = { "": ["x", "y", "t", "r", "b", "l", "s", "e"], x: ["l", "r"], y: ["t", "b"] };

// [pattern, group]; "$1" in a group is the pattern's first capture.
const GROUPS: Array<[RegExp, string]> = [
  [/^(block|inline(-block|-flex|-grid)?|flex|grid|hidden|contents|table|flow-root)$/, "display"],
  [/^(static|fixed|absolute|relative|sticky)$/, "position"],
  [/^-?(size|w|h|min-w|max-w|min-h|max-h|gap(-[xy])?|items|self|justify|content|place-(items|content|self)|rounded(-[tblrse]{1,2})?|shadow|[pm][xytrblse]?)(?=-|$)/, "$1"],
  [/^text-(xs|sm|base|lg|\dxl|xl)(\/|$)/, "font-size"],
  [/^text-(left|center|right|justify|start|end)$/, "text-align"],
  [/^text-(wrap|nowrap|balance|pretty)$/, "text-wrap"],
  [/^text-/, "text-color"],
  [/^font-(thin|extralight|light|normal|medium|semibold|bold|extrabold|black)$/, "font-weight"],
  [/^bg-(?!(none|linear|radial|conic|fixed|local|scroll|clip|origin|no-repeat|repeat|cover|contain|auto|top|bottom|left|right|center)\b)/, "bg-color"],
  [/^border(-[xytrbl])?(-\d+)?$/, "border-width$1"],
  [/^border-(solid|dashed|dotted|double|none|hidden)$/, "border-style"],
  [/^border-(?!([xytrbl]|collapse|separate|spacing)\b)/, "border-color"],
  [/^flex-(row|col)(-reverse)?$/, "flex-direction"],
  [/^flex-(1|auto|initial|none)$/, "flex"],
  [/^ring(-\d+)?$/, "ring-width"],
  [/^ring-(?!inset$|offset)/, "ring-color"],
];

/** The conflict key of a class ("md:" + group), or null when it overrides nothing. */
function conflictKey(className: string): { variants: string; group: string } | null {
  const colon = className.lastIndexOf(":");
  const variants = className.slice(0, colon + 1);
  const utility = className.slice(colon + 1).replace(/^!/, "");
  for (const [pattern, group] of GROUPS) {
    const match = utility.match(pattern);
    if (match) return { variants, group: group.replace("$1", match[1] ?? "") };
  }
  return null;
}

/** Groups a later class of `group` also overrides: `p-4` overrides an earlier `px-2` and `pt-1`. */
function overriddenGroups(group: string): string[] {
  if (group === "gap") return ["gap", "gap-x", "gap-y"];
  const spacing = group.match(/^(p|m)([xy]?)$/);
  if (!spacing) return [group];
  return [group, ...(SIDES[spacing[2] ?? ""] ?? []).map((side) => `${spacing[1]}${side}`)];
}

/** Joins class names; of two conflicting Tailwind utilities the later one wins. */
export function cn(...inputs: ClassValue[]): string {
  const classes = clsx(inputs).split(" ").filter(Boolean);
  const kept: string[] = [];
  const claimed = new Set<string>();
  for (let index = classes.length - 1; index >= 0; index -= 1) {
    const className = classes[index] ?? "";
    const key = conflictKey(className);
    if (key && claimed.has(`${key.variants}${key.group}`)) continue;
    if (key) for (const group of overriddenGroups(key.group)) claimed.add(`${key.variants}${group}`);
    kept.push(className);
  }
  return kept.reverse().join(" ");
}
