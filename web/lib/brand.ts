/** The product's name as shown to people. */
export const SITE_NAME = "The Inventors Community";
export const SITE_SHORT_NAME = "Inventors Community";
export const COPYRIGHT_YEAR = 2025;
