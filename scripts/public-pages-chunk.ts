import path from "node:path";
import type { Rolldown } from "vite";

type ChunkingContext = Rolldown.ChunkingContext;

const PUBLIC_PAGE = /[\\/]web[\\/]routes[\\/]marketing[\\/][^\\/]+-page\.tsx$/;
/** The app's own modules; anything else is a package (its files, or the bare name Rolldown also lists). */
const OWN_MODULE = /^(?!.*node_modules).*[\\/](web|common)[\\/]/;
/** lucide's index: it lists every icon, so through it each page would seem to import all of them. */
const ICON_INDEX = /^lucide-react$|[\\/]lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.mjs$/;
const ICON_IMPORT = /import\s*\{([^}]*)\}\s*from\s*["']lucide-react["']/g;
const ICON_EXPORT = /export\s*\{([^}]*)\}\s*from\s*["'](\.\/icons\/[^"']+)["']/g;

/**
 * Names the chunk of a module the public pages share: the route table, every module that two or
 * more public pages import (layout sections, the course list, contact details, …), the packages half
 * of them use, and every icon a public page draws (~250 bytes each, less than a request). Left to
 * Rolldown, each set of pages sharing a module became a file of its own, so a page fetched 9 to 23
 * scripts before it was idle; now a public page fetches the first script, this one and its own.
 * What only one page uses stays with that page (zod, for the call form's checks on /ref-number).
 */
export function publicPagesChunk(files: PublicPagesFiles): (moduleId: string, context: ChunkingContext) => string | null {
  let shared: Set<string> | null = null;
  return (moduleId, context) => {
    shared ??= modulesSharedByPublicPages(files, context);
    return shared.has(moduleId) ? "public-pages" : null;
  };
}

export interface PublicPagesFiles {
  /** The lazily loaded route table of every public page but home (marketing-routes.tsx). */
  routeTable: string;
  /** Home, which ships in the first script: what its own lazy parts import stays out of the shared file, or home would fetch all of it. */
  homePage: string;
}

function modulesSharedByPublicPages({ routeTable: table, homePage }: PublicPagesFiles, context: ChunkingContext): Set<string> {
  const pages = (context.getModuleInfo(table)?.dynamicallyImportedIds ?? []).filter((id) => PUBLIC_PAGE.test(id));
  const icons = iconFiles(pages, context);
  const usedBy = new Map<string, number>();
  for (const page of pages) {
    for (const id of staticImportsOf(page, context, icons)) usedBy.set(id, (usedBy.get(id) ?? 0) + 1);
  }
  const shared = new Set([table, ...staticImportsOf(table, context, icons)]);
  const packageThreshold = Math.ceil(pages.length / 2);
  const iconSet = new Set(icons.values());
  const homeLoads = new Set<string>();
  for (const id of [homePage, ...staticImportsOf(homePage, context, icons)]) {
    for (const lazy of context.getModuleInfo(id)?.dynamicallyImportedIds ?? []) {
      if (lazy !== table) for (const imported of [lazy, ...staticImportsOf(lazy, context, icons)]) homeLoads.add(imported);
    }
  }
  for (const [id, count] of usedBy) {
    if (PUBLIC_PAGE.test(id) || homeLoads.has(id)) continue;
    if (iconSet.has(id) || count >= (OWN_MODULE.test(id) ? 2 : packageThreshold)) shared.add(id);
  }
  return shared;
}

/** Each icon's exported names (Compass, CompassIcon, LucideCompass) and its file, from lucide's index. */
function iconFiles(pages: string[], context: ChunkingContext): Map<string, string> {
  const files = new Map<string, string>();
  const index = findModule(pages, context, (id) => ICON_INDEX.test(id) && path.isAbsolute(id));
  const code = index ? context.getModuleInfo(index)?.code : null;
  if (!index || !code) return files;
  for (const [, names = "", file = ""] of code.matchAll(ICON_EXPORT)) {
    for (const name of names.split(",")) files.set(name.trim().split(/\s+as\s+/).pop() ?? "", path.resolve(path.dirname(index), file));
  }
  return files;
}

function findModule(roots: string[], context: ChunkingContext, matches: (id: string) => boolean): string | undefined {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length > 0) {
    const id = stack.pop() as string;
    if (matches(id)) return id;
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...(context.getModuleInfo(id)?.importedIds ?? []));
  }
  return undefined;
}

/**
 * Every module `root` imports statically, directly or through others (not `root` itself), with the
 * icons it names from lucide's index instead of the index and all it lists.
 */
function staticImportsOf(root: string, context: ChunkingContext, icons: Map<string, string>): Set<string> {
  const seen = new Set<string>();
  const visit = (id: string) => {
    const info = context.getModuleInfo(id);
    const imports = (info?.importedIds ?? []).filter((imported) => !ICON_INDEX.test(imported));
    for (const [, names = ""] of (OWN_MODULE.test(id) ? (info?.code ?? "") : "").matchAll(ICON_IMPORT)) {
      for (const name of names.split(",")) {
        const file = icons.get(name.trim().split(/\s+as\s+/)[0] ?? "");
        if (file) imports.push(file);
      }
    }
    return imports;
  };
  const stack = visit(root);
  while (stack.length > 0) {
    const id = stack.pop() as string;
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...visit(id));
  }
  return seen;
}
