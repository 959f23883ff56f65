// The shape of a demo ledger: when charges happen, who pays, for what. Plain data and pure
// functions, so the seed's SQL stays short and a test can check the weights.
import { PROVIDERS, type ProviderId } from "@/lib/market/networks";

/** Share of customers per network (roughly Ghana's mobile money market). */
const NETWORK_SHARE: Record<ProviderId, number> = { mtn: 0.66, vodafone: 0.2, airteltigo: 0.14 };

/** Relative activity per hour of the day (UTC = Accra time): quiet nights, busy late mornings and evenings. */
export const HOUR_WEIGHTS = [1, 0.6, 0.4, 0.3, 0.4, 1, 2.5, 4.5, 6.5, 8, 9, 9.5, 9, 8.5, 8, 7.5, 8, 8.5, 8, 6.5, 5, 3.5, 2.5, 1.5];

// Sunday is quiet, Saturday a little less busy, Friday the busiest (index = getUTCDay()).
const WEEKDAY_FACTOR = [0.55, 1, 1, 1, 1, 1.15, 0.8];

export const FIRST_NAMES = [
  "Ama",
  "Kofi",
  "Akosua",
  "Kwame",
  "Abena",
  "Yaw",
  "Efua",
  "Kojo",
  "Adwoa",
  "Kwabena",
  "Esi",
  "Kwaku",
  "Afia",
  "Fiifi",
  "Akua",
  "Nana",
  "Selorm",
  "Mawuli",
  "Dzifa",
  "Ibrahim",
  "Fatima",
  "Abdul",
];
export const LAST_NAMES = [
  "Mensah",
  "Owusu",
  "Boateng",
  "Asante",
  "Osei",
  "Agyeman",
  "Appiah",
  "Ofori",
  "Darko",
  "Addo",
  "Quaye",
  "Tetteh",
  "Amoah",
  "Nkrumah",
  "Adjei",
  "Asantewaa",
  "Kumi",
  "Danso",
  "Yeboah",
  "Sarpong",
  "Mahama",
  "Alhassan",
];
export const ITEMS = [
  "2 bags of rice",
  "catering services",
  "phone repair",
  "tailoring",
  "transport to Kumasi",
  "water bill",
  "prepaid electricity",
  "church dues",
  "market stall rent",
  "kente cloth",
  "building materials",
  "hair salon",
  "laptop repair",
  "printing",
  "groceries",
  "car wash",
];
export const AREAS = [
  "Osu",
  "East Legon",
  "Adum, Kumasi",
  "Tema Community 25",
  "Takoradi",
  "Madina",
  "Kasoa",
  "Spintex",
  "Tamale Central",
  "Cape Coast",
];
export const TERMS = ["Term 1", "Term 2", "Term 3"];

/** Cumulative thresholds for width_bucket(): bucket k (1-based) is chosen with weight w[k-1]. */
export function thresholds(weights: number[]): number[] {
  const total = weights.reduce((a, b) => a + b, 0);
  let sum = 0;
  return weights.map((w) => {
    const start = sum / total;
    sum += w;
    return start;
  });
}

/** Small deterministic noise per day (a busy market day, a slow one), the same on every run. */
function dayNoise(date: Date): number {
  const x = Math.sin(date.getTime() / 86_400_000) * 10_000;
  return 0.8 + 0.4 * (x - Math.floor(x));
}

/**
 * Relative activity of each of the last `days` days, oldest first: a gentle growth trend,
 * weekday rhythm, a bump around month end (salaries), day-to-day noise, and only the part of
 * today that has passed.
 */
export function dayWeights(days: number, now: Date): number[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const elapsedToday = (now.getTime() - today) / 86_400_000;
  return Array.from({ length: days }, (_, k) => {
    const date = new Date(today - (days - 1 - k) * 86_400_000);
    const growth = 1 + (0.5 * k) / Math.max(1, days - 1);
    const dom = date.getUTCDate();
    const monthEnd = dom >= 25 || dom <= 2 ? 1.25 : 1;
    const part = k === days - 1 ? Math.max(0.05, elapsedToday) : 1;
    return growth * WEEKDAY_FACTOR[date.getUTCDay()] * monthEnd * dayNoise(date) * part;
  });
}

/** Every prefix with the share of customers it holds, from the market table. */
export function prefixShares(): { prefix: string; provider: ProviderId; share: number }[] {
  return PROVIDERS.flatMap((p) => p.prefixes.map((prefix) => ({ prefix, provider: p.id, share: NETWORK_SHARE[p.id] / p.prefixes.length })));
}

/** A SQL literal for a constant of ours: text is quoted with quotes doubled, numbers as they are. */
export function literal(value: string | number): string {
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new Error(`not a finite number: ${value}`);
    return String(value);
  }
  return `'${value.replace(/'/g, "''")}'`;
}

export function arrayLiteral(values: (string | number)[], type: "text" | "float8"): string {
  return `ARRAY[${values.map(literal).join(",")}]::${type}[]`;
}
