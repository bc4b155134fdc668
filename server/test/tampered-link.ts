/** `link` with the first character of its `signature` parameter changed to another one, never the same. */
export function tamperedLink(link: string): string {
  return link.replace(/signature=(.)/, (_match, first: string) => `signature=${first === "_" ? "A" : "_"}`);
}
