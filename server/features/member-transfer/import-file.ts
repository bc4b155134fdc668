import { parse, type CsvError } from "csv-parse/sync";
import { IMPORT_LIMITS, MEMBER_IMPORT_MESSAGES } from "../../../common/contracts/member-transfer";
import { AppError } from "../../errors";

/** A row of the uploaded file as typed, with its spreadsheet row number (the header is row 1). */
export interface UploadedRow {
  rowNumber: number;
  name: string;
  email: string;
  tier: string;
  joined: string;
  notes: string;
}

type Field = Exclude<keyof UploadedRow, "rowNumber">;

/** Header names accepted per field, compared lower-cased without spaces, dashes or underscores. */
const HEADERS: Record<Field, readonly string[]> = {
  name: ["name", "fullname", "membername"],
  email: ["email", "emailaddress", "mail"],
  tier: ["tier", "plan", "membershiptier", "membership"],
  joined: ["joined", "joineddate", "joinedat", "datejoined", "memberssince", "membersince", "joindate"],
  notes: ["notes", "note", "adminnote", "comments"],
};
const REQUIRED: readonly Field[] = ["name", "email"];

const normalise = (header: string) => header.toLowerCase().replace(/[\s_-]+/g, "");

/** Excel saves CSV with semicolons where the decimal mark is a comma: the header line tells which. */
function delimiterOf(text: string): string {
  const header = text.slice(0, text.search(/\r?\n|$/));
  return header.includes(";") && !header.includes(",") ? ";" : ",";
}

/** Reads the upload into rows; what makes the whole file unusable is refused with the reason. */
export function readMembersFile(content: Buffer): UploadedRow[] {
  if (content.length > IMPORT_LIMITS.maxBytes) throw new AppError("PAYLOAD_TOO_LARGE", MEMBER_IMPORT_MESSAGES.tooLarge);
  const text = content.toString("utf8");
  let records: string[][];
  try {
    // Blank lines are kept while reading so each row keeps the number a spreadsheet shows it under.
    records = parse(text, { bom: true, delimiter: delimiterOf(text.replace(/^\uFEFF/, "")), relax_column_count: true, trim: true });
  } catch (error) {
    throw new AppError("BAD_REQUEST", MEMBER_IMPORT_MESSAGES.unreadable((error as CsvError).message));
  }
  const [header, ...body] = records;
  const rows = body.flatMap((record, index) => (record.some((cell) => cell !== "") ? [{ record, rowNumber: index + 2 }] : []));
  if (!header || rows.length === 0) throw new AppError("BAD_REQUEST", MEMBER_IMPORT_MESSAGES.empty);
  if (rows.length > IMPORT_LIMITS.maxRows) throw new AppError("PAYLOAD_TOO_LARGE", MEMBER_IMPORT_MESSAGES.tooManyRows);
  const positions = columnPositions(header);
  return rows.map(({ record, rowNumber }) => {
    const cell = (field: Field) => {
      const at = positions[field];
      return at === undefined ? "" : (record[at] ?? "");
    };
    return { rowNumber, name: cell("name"), email: cell("email"), tier: cell("tier"), joined: cell("joined"), notes: cell("notes") };
  });
}

function columnPositions(header: string[]): Partial<Record<Field, number>> {
  const positions: Partial<Record<Field, number>> = {};
  header.forEach((name, index) => {
    const field = (Object.keys(HEADERS) as Field[]).find((candidate) => HEADERS[candidate].includes(normalise(name)));
    if (field && positions[field] === undefined) positions[field] = index;
  });
  const missing = REQUIRED.filter((field) => positions[field] === undefined);
  if (missing.length > 0) throw new AppError("BAD_REQUEST", MEMBER_IMPORT_MESSAGES.missingColumns(missing));
  return positions;
}
