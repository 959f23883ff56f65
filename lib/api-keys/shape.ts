// API keys as both sides know them: the scopes, the key's recognisable form, the limits (plain
// data: the Settings page and the server read the same).

/** What a key may do. None moves money except through a pay link the customer approves. */
export const API_SCOPES = ["charges:read", "pay_links:read", "pay_links:write", "events:read"] as const;
export type ApiScope = (typeof API_SCOPES)[number];

export const API_SCOPE_LABELS: Record<ApiScope, string> = {
  "charges:read": "Read charges (numbers masked)",
  "pay_links:read": "Read pay links",
  "pay_links:write": "Make and cancel pay links",
  "events:read": "Read events (what webhooks deliver)",
};

/**
 * A key is `mdk_test_` or `mdk_live_` and 32 letters and digits (190 random bits): the prefix lets
 * a secret scanner, and the dashboard's own scrubber (lib/momo/scrub.ts), find one in any text.
 */
export const API_KEY_PATTERN = /mdk_(?:test|live)_[A-Za-z0-9]{32}/;
/** What the owner sees of a key after it is made: its prefix and the first characters of its secret part. */
export const API_KEY_SHOWN_CHARS = 4;

/** At most this many keys that are not revoked. */
export const MAX_API_KEYS = 20;
export const API_KEY_NAME_MAX = 60;
