// API keys as the Settings page sees them (types only: browser-safe). The key itself is never
// here: it is shown once, in the answer that made it, with its signing secret.
import type { KeyMode } from "@/lib/market/key-mode";
import type { ApiScope } from "./shape";

export type ApiKeyView = {
  id: string;
  name: string;
  mode: KeyMode;
  /** `mdk_test_Ab12`: enough to tell keys apart, nothing to use. */
  prefix: string;
  scopes: ApiScope[];
  createdBy: { id: string; name: string } | null;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
};

/** The answer that makes a key: the only time its secret and its signing secret are shown. */
export type ApiKeyShown = { key: ApiKeyView; secret: string; signingSecret: string };
