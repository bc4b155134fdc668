/** See server-bundle.mjs. */
export const SERVER_BUNDLE_DIR: string;
export function serverBundlePath(name: string): string;
export function buildServerIfChanged(): Promise<boolean>;
