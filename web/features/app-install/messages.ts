/** Texts of the installed app's own notices. */
export const APP_INSTALL_MESSAGES = {
  newVersion: "A new version is available.",
  reload: "Reload",
  notNow: "Not now",
} as const;
