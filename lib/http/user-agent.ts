// A session's device in words, from the User-Agent it signed in with ("Chrome 124 on macOS",
// "Safari 17 on iPhone, iOS 17.4"). bowser reads the string; we only choose the words, and only
// from names bowser itself knows: a User-Agent is text the signer-in writes, and bowser's fallback
// takes any unknown string's first words as a browser's name ("Your account is locked, call 024…").
// Such words would reach the member's bell and an email's subject, so anything outside the known
// names, or a version that is not digits, makes the device "an unknown browser".
import Bowser from "bowser";

const BROWSERS = new Set<string>(Object.values(Bowser.BROWSER_MAP));
const SYSTEMS = new Set<string>(Object.values(Bowser.OS_MAP));
/** The only models named: bowser's own for Apple's devices (an Android model is free text). */
const MODELS = new Set(["iPhone", "iPad", "iPod"]);
const MAJOR = /^\d{1,4}$/;
/** An iOS or Android version: "17.4", "14". */
const SYSTEM_VERSION = /^\d{1,3}(\.\d{1,3}){0,2}$/;
/** The names bowser gives Windows' and macOS' versions, from its own tables (bowser/src/utils.js). */
const VERSION_NAMES = new Set(
  ["NT", "XP", "2000", "2003", "Vista", "7", "8", "8.1", "10", "11"].concat(
    ["Leopard", "Snow Leopard", "Lion", "Mountain Lion", "Mavericks", "Yosemite", "El Capitan", "Sierra", "High Sierra"],
    ["Mojave", "Catalina", "Big Sur", "Monterey", "Ventura", "Sonoma", "Sequoia", "Tahoe"],
  ),
);

/** The sessions list's word for a device it cannot name. */
const UNKNOWN = "Unknown browser";

/** The device in known words, or null when the User-Agent names none that bowser knows. */
export function knownDevice(userAgent: string | null | undefined): string | null {
  // A header can be anything a client likes: only a sane, bounded string is read.
  if (!userAgent || userAgent.length > 1_000) return null;
  const { browser, os, platform } = Bowser.parse(userAgent);
  if (!browser.name || !BROWSERS.has(browser.name)) return null;
  const major = browser.version?.split(".")[0] ?? "";
  const name = MAJOR.test(major) ? `${browser.name} ${major}` : browser.name;
  const system = os.name && SYSTEMS.has(os.name) ? os.name : null;
  const version =
    system === "iOS" || system === "Android"
      ? SYSTEM_VERSION.test(os.version ?? "")
        ? os.version
        : null
      : VERSION_NAMES.has(os.versionName ?? "")
        ? os.versionName
        : null;
  const model = platform.model && MODELS.has(platform.model) ? platform.model : null;
  const where = [model, system && [system, version].filter(Boolean).join(" ")].filter(Boolean).join(", ");
  return where ? `${name} on ${where}` : name;
}

/** The device in words for the sessions list: known words, or "Unknown browser". */
export function describeDevice(userAgent: string | null | undefined): string {
  return knownDevice(userAgent) ?? UNKNOWN;
}

const alternatives = (names: Iterable<string>) => [...names].map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|");
const WORDS = new RegExp(
  `^(${alternatives(BROWSERS)})( \\d{1,4})?( on ((${alternatives(MODELS)}), )?((${alternatives(SYSTEMS)})( \\d{1,3}(\\.\\d{1,3}){0,2}| ${alternatives(VERSION_NAMES)})?)?)?$`,
);

/**
 * Whether stored words could have come from knownDevice (the bell reads events written before the
 * names were checked, too): anything else is shown as "an unknown browser".
 */
export function isDeviceWords(value: unknown): value is string {
  return typeof value === "string" && value.length <= 80 && WORDS.test(value);
}
