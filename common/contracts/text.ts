/**
 * Characters no text field of the product may hold: C0 controls other than tab, line feed and
 * carriage return, DEL, and UTF-16 surrogates that are not part of a pair. PostgreSQL refuses NUL in
 * text (a 500 before this rule), a lone surrogate cannot be stored as UTF-8, and the rest only ever
 * arrive to hide or break what a reader sees.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is this rule's whole purpose
const FORBIDDEN_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when `value` holds a character that no field accepts. */
export function hasForbiddenCharacter(value: string): boolean {
  return FORBIDDEN_CHARACTER.test(value);
}

/** Said for the field that holds one. */
export const FORBIDDEN_CHARACTER_MESSAGE = "Contains a character that is not allowed";
