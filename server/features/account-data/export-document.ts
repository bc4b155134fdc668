import type { ExportContext, ExportSection, PersonalDataDeclaration } from "../../personal-data/declaration";

/** Every section of data.json, in file order: each feature's own (server/personal-data-declarations.ts). */
export const exportSectionsOf = (declarations: readonly PersonalDataDeclaration[]): ExportSection[] => declarations.flatMap((declaration) => declaration.exportSections);

/** 2: training videos an admin added moved from `uploads` to their own `trainingVideosAdded`. */
export const EXPORT_FORMAT_VERSION = 2;

/** data.json as text chunks: lists are written item by item as their pages arrive, never held whole. */
export async function* exportDocument(context: ExportContext, sections: readonly ExportSection[], exportedAt: Date): AsyncGenerator<string> {
  yield `{\n  "format": ${EXPORT_FORMAT_VERSION},\n  "exportedAt": ${JSON.stringify(exportedAt.toISOString())}`;
  for (const section of sections) {
    yield `,\n  ${JSON.stringify(section.key)}: `;
    const value = section.read(context);
    if (isAsyncIterable(value)) {
      let first = true;
      yield "[";
      for await (const item of value) {
        yield `${first ? "" : ","}\n    ${JSON.stringify(item)}`;
        first = false;
      }
      yield first ? "]" : "\n  ]";
    } else {
      yield JSON.stringify(await value, null, 2).replace(/\n/g, "\n  ");
    }
  }
  yield "\n}\n";
}

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return typeof value === "object" && value !== null && Symbol.asyncIterator in value;
}

/** How many items the export's long lists hold: with the files' bytes, what decides download or mail. */
export async function countExportRecords(context: ExportContext, sections: readonly ExportSection[]): Promise<number> {
  const counts = await Promise.all(sections.map((section) => section.records?.(context) ?? 0));
  return counts.reduce((sum, count) => sum + count, 0);
}
