import { z } from "zod";
import { EMAIL_INVALID } from "./email-address";

/**
 * The one mapping from a failed validation to a sentence a person can act on: it names the field and
 * the rule ("Membership tier must be one of inventor, entrepreneur or brand-ceo", "Discount must be a
 * whole number"), never zod's own wording ("Invalid option: expected one of …"). Messages a schema
 * sets itself (the spec's texts) win over it; this fills in everything else. Installed once per
 * process by `installValidationMessages`, on the server (every route, better-auth's mount included,
 * since it parses with the same zod) and in the browser wherever zod runs.
 */

type Issue = z.core.$ZodRawIssue;

/** "preferredTimes" → "Preferred times"; an item of a list reads "Item 2 of user ids". */
export function fieldLabel(path: readonly PropertyKey[]): string {
  const last = path.at(-1);
  if (last === undefined) return "The request body";
  if (typeof last === "number") return `Item ${last + 1} of ${path.length > 1 ? fieldLabel(path.slice(0, -1)).toLowerCase() : "the list"}`;
  const words = String(last)
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_-]+/g, " ")
    .trim()
    .toLowerCase();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : "A field";
}

function listOf(values: readonly unknown[]): string {
  const shown = values.map((value) => String(value));
  if (shown.length <= 1) return shown.join("");
  return `${shown.slice(0, -1).join(", ")} or ${shown.at(-1) ?? ""}`;
}

const TYPE_WORDS: Record<string, string> = {
  string: "text",
  number: "a number",
  int: "a whole number",
  bigint: "a whole number",
  boolean: "true or false",
  array: "a list",
  object: "a group of fields",
  date: "a date",
};

const FORMAT_RULES: Record<string, string> = {
  url: "must be a web address starting with http:// or https://",
  datetime: "is not a valid date and time",
  date: "is not a valid date",
  time: "is not a valid time",
  uuid: "is not a valid identifier",
  guid: "is not a valid identifier",
  cuid: "is not a valid identifier",
  cuid2: "is not a valid identifier",
  ulid: "is not a valid identifier",
  nanoid: "is not a valid identifier",
};

function sizeRule(issue: { origin?: string; inclusive?: boolean }, bound: number | bigint | Date, direction: "min" | "max"): string {
  const n = bound instanceof Date ? bound.toISOString().slice(0, 10) : String(bound);
  switch (issue.origin) {
    case "string":
      if (direction === "min" && Number(bound) === 1) return "is required";
      return `must be ${direction === "min" ? "at least" : "at most"} ${n} characters long`;
    case "array":
    case "set":
      if (direction === "min" && Number(bound) === 1) return "needs at least one item";
      return `can have ${direction === "min" ? "no fewer" : "no more"} than ${n} items`;
    case "date":
      return `must be ${direction === "min" ? "on or after" : "on or before"} ${n}`;
    default:
      if (direction === "min") return issue.inclusive === false ? `must be greater than ${n}` : `must be at least ${n}`;
      return issue.inclusive === false ? `must be less than ${n}` : `must be at most ${n}`;
  }
}

/** The rule `issue` broke, as the rest of a sentence that starts with the field's name. */
function ruleOf(issue: Issue): string {
  switch (issue.code) {
    case "invalid_type":
      if (issue.input === undefined || issue.input === null) return "is required";
      return `must be ${TYPE_WORDS[issue.expected] ?? "of another kind"}`;
    case "invalid_value":
      if (issue.input === undefined) return "is required";
      return issue.values.length === 1 ? `must be ${listOf(issue.values)}` : `must be one of ${listOf(issue.values)}`;
    case "too_small":
      return sizeRule(issue, issue.minimum, "min");
    case "too_big":
      return sizeRule(issue, issue.maximum, "max");
    case "invalid_format":
      return FORMAT_RULES[issue.format] ?? "is not in the expected format";
    case "not_multiple_of":
      return `must be a multiple of ${String(issue.divisor)}`;
    case "unrecognized_keys":
      return issue.keys.length === 1 ? `does not accept the field ${issue.keys[0] ?? ""}` : `does not accept the fields ${listOf(issue.keys)}`;
    case "invalid_union":
      return "does not match any accepted form";
    case "invalid_key":
      return "has a key that is not allowed";
    case "invalid_element":
      return "has an entry that is not valid";
    default:
      return "is not valid";
  }
}

/** The sentence for one failed rule: the field's name (from its path, or `label`), then the rule. */
export function describeIssue(issue: Issue, label?: string): string {
  if (issue.code === "invalid_format" && issue.format === "email") return EMAIL_INVALID;
  if (label) return `${label} ${ruleOf(issue)}`;
  const path = issue.path ?? [];
  // A body that is missing altogether, or is not an object, concerns the request, not one field.
  if (path.length === 0 && issue.code === "invalid_type" && issue.expected === "object") {
    return issue.input === undefined || issue.input === null ? "The request needs a body with its fields" : "The request body must be a group of fields";
  }
  if (issue.code === "unrecognized_keys" && path.length === 0) return `The request ${ruleOf(issue)}`;
  return `${fieldLabel(path)} ${ruleOf(issue)}`;
}

/**
 * A schema's error for a field the form labels differently from its API name: "Access level is
 * required" when it is missing, "Access level must be one of …" or "Date is not a valid date" otherwise.
 */
export const fieldError =
  (label: string) =>
  (issue: Issue): string =>
    issue.input === undefined || issue.input === null || issue.input === "" ? `${label} is required` : describeIssue(issue, label);

/** Makes `describeIssue` zod's message for every issue a schema leaves without one, process-wide. */
export function installValidationMessages(): void {
  z.config({ customError: (issue) => describeIssue(issue) });
}
