// The business profile's limits that the browser needs without the schema
// (lib/business/schema.ts): the settings page shows them and loads no zod for it.

export const BUSINESS_NAME_MAX = 80;
export const CONTACT_PHONE_MAX = 24;
export const CONTACT_EMAIL_MAX = 254;
/** A logo is shown at most a few hundred pixels wide: 256 kB is plenty for PNG, JPEG or WebP. */
export const LOGO_MAX_BYTES = 256 * 1024;
export const LOGO_ACCEPT = "image/png,image/jpeg,image/webp";
