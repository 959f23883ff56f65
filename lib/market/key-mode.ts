// TEST or LIVE, read from the key's environment marker (momo-charge-api.md §5: "live keys
// carry an environment marker in their text"). A key we cannot read is treated as LIVE:
// showing TEST over a key that moves real money would be the dangerous mistake.
export type KeyMode = "test" | "live";

export function keyMode(apiKey: string): KeyMode {
  // A key that carries the live marker is live, whatever else its text contains.
  if (/(^|[_-])live([_-]|$)/i.test(apiKey)) return "live";
  return /(^|[_-])test([_-]|$)/i.test(apiKey) ? "test" : "live";
}
