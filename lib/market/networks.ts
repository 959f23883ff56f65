// The market the upstream serves: its networks, their number prefixes, and the phone format.
// This is data: a new prefix or network is a one-line change here.

const COUNTRY_CALLING_CODE = "233";
/** Local form: a leading 0 and nine more digits, e.g. 0241234567. */
export const LOCAL_NUMBER = /^0\d{9}$/;

export const PROVIDERS = [
  {
    id: "mtn",
    label: "MTN Mobile Money",
    prefixes: ["024", "025", "053", "054", "055", "059"],
    /** What a spreadsheet may call it (lower case, letters and digits only): providerFromName. */
    aliases: ["mtn", "mtnmomo", "mtnmobilemoney", "momo"],
    voucher: null,
    /** Where a customer finds a prompt they missed: the pay page's words when an approval is slow to come. */
    approvals: "Dial *170#, choose My Wallet, then My Approvals, enter your PIN and approve the payment waiting there.",
    /** Where that line comes from (docs/decisions/pay-page-waits.md). */
    approvalsSource: 'MTN Ghana\'s approval steps, as Hubtel published them (blog.hubtel.com, "How the new MTN payment approval works")',
  },
  {
    id: "vodafone",
    label: "Telecel Cash (Vodafone)",
    prefixes: ["020", "050"],
    aliases: ["vodafone", "telecel", "telecelcash", "vodafonecash", "vodafonecashtelecel"],
    voucher:
      "Telecel Cash (Vodafone) customers may pay with a voucher: they dial *110#, choose " +
      "Make Payments › Generate Voucher, and read you the code. Leave it empty to send " +
      "an approval prompt to their phone instead.",
    approvals: "Dial *110# and look in the Telecel Cash menu for a payment waiting for your approval.",
    approvalsSource: "Telecel Cash's menu code, *110# (the same menu as its vouchers above)",
  },
  {
    id: "airteltigo",
    label: "AT Money (AirtelTigo)",
    prefixes: ["026", "027", "056", "057"],
    aliases: ["airteltigo", "at", "atmoney", "airteltigomoney", "tigo", "tigocash", "airtel", "airtelmoney"],
    voucher: null,
    approvals: "Dial *110# and look in the AT Money menu for a payment waiting for your approval.",
    approvalsSource: "AT Money's menu code, *110#",
  },
] as const;

export type ProviderId = (typeof PROVIDERS)[number]["id"];
export const PROVIDER_IDS = PROVIDERS.map((p) => p.id) as [ProviderId, ...ProviderId[]];

export function providerById(id: string) {
  return PROVIDERS.find((p) => p.id === id) ?? null;
}

/** A network as a spreadsheet names it ("MTN", "Telecel Cash", "AT Money", or our id), or null. */
/** The network's current name for a stored id; the id itself for one no longer offered. */
export function providerLabel(id: string): string {
  return providerById(id)?.label ?? id;
}

export function providerFromName(name: string): ProviderId | null {
  const key = name.toLowerCase().replace(/[^a-z0-9]/g, "");
  if (!key) return null;
  return PROVIDERS.find((p) => p.id === key || (p.aliases as readonly string[]).includes(key))?.id ?? null;
}

/**
 * Turns what a person typed into local digits: spaces, dashes, dots and brackets go, and an
 * international prefix (+233, 00233, 233) becomes the leading 0. Anything else is left as
 * typed so the schema can say what is wrong with it.
 */
export function normalizePhone(input: string): string {
  let s = input.trim().replace(/[\s\-.()]/g, "");
  if (s.startsWith("+")) s = s.slice(1);
  else if (s.startsWith("00")) s = s.slice(2);
  if (s.startsWith(COUNTRY_CALLING_CODE) && s.length === COUNTRY_CALLING_CODE.length + 9) {
    s = `0${s.slice(COUNTRY_CALLING_CODE.length)}`;
  }
  return s;
}

/** A local number (0 and 9 digits) in international form without the +, as wa.me takes it: 233XXXXXXXXX. */
export function internationalDigits(local: string): string {
  const s = normalizePhone(local);
  return /^0\d{9}$/.test(s) ? `${COUNTRY_CALLING_CODE}${s.slice(1)}` : s.replace(/\D/g, "");
}

/** The start of a local number typed in any common form ("024 12", "+23324"), or null. */
export function numberStart(q: string): string | null {
  let s = q.replace(/[\s\-.()]/g, "");
  if (s.startsWith("+")) s = s.slice(1);
  else if (s.startsWith("00")) s = s.slice(2);
  if (s.startsWith(COUNTRY_CALLING_CODE) && s.length > COUNTRY_CALLING_CODE.length) s = `0${s.slice(COUNTRY_CALLING_CODE.length)}`;
  return /^0\d{2,9}$/.test(s) ? s : null;
}

/** What a spreadsheet's rows are told about their network cell (a bulk batch, a customers import). */
export const NETWORK_CELL_PROBLEMS = {
  unknown: "Use MTN, Telecel or AT (or leave it empty to read it from the number)",
  noPrefix: "The number's prefix names no network: add a network column (MTN, Telecel or AT)",
} as const;

/** A spreadsheet's network cell: the network it names, or, left empty, the one the number's prefix suggests. */
export function networkOfCell(cell: string, phone: string): { provider: ProviderId | null; named: boolean } {
  const named = cell.trim() !== "";
  return { provider: named ? providerFromName(cell) : suggestProvider(phone), named };
}

/** The network a number's prefix belongs to, or null when the prefix is not in the table. */
export function suggestProvider(phone: string): ProviderId | null {
  const local = normalizePhone(phone);
  if (local.length < 3) return null;
  const prefix = local.slice(0, 3);
  return PROVIDERS.find((p) => (p.prefixes as readonly string[]).includes(prefix))?.id ?? null;
}

/** "0241234567" → "024 123 4567", for reading; a number masked by retention, "024•••••67", → "024 ••• ••67". */
export function formatPhone(local: string): string {
  return LOCAL_NUMBER.test(local) || /^0\d\d•{5}\d\d$/.test(local) ? `${local.slice(0, 3)} ${local.slice(3, 6)} ${local.slice(6)}` : local;
}
