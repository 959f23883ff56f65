// A session's device in words, from the User-Agent it signed in with ("Chrome 124 on macOS",
// "Safari 17.4 on iPhone, iOS 17.4"). bowser reads the string; we only choose the words.
import Bowser from "bowser";

const UNKNOWN = "Unknown browser";

function major(version: string | undefined): string {
  return version?.split(".")[0] ?? "";
}

export function describeDevice(userAgent: string | null | undefined): string {
  // A header can be anything a client likes: only a sane, bounded string is read.
  if (!userAgent || userAgent.length > 1_000) return UNKNOWN;
  const { browser, os, platform } = Bowser.parse(userAgent);
  if (!browser.name) return UNKNOWN;
  const name = [browser.name, major(browser.version)].filter(Boolean).join(" ");
  const system = [os.name, os.name === "iOS" || os.name === "Android" ? os.version : os.versionName].filter(Boolean).join(" ");
  const model = platform.type === "mobile" || platform.type === "tablet" ? platform.model : undefined;
  const where = [model, system].filter(Boolean).join(", ");
  return where ? `${name} on ${where}` : name;
}
