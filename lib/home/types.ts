// What the home page shows (pages/index.tsx, components/home/): plain data, made on the server.
import type { ChargeView } from "@/lib/charges/view";

export type WaitingKey = "approvals" | "queue" | "payLinks" | "webhooks" | "enrol";
/** Something that waits for the member: how many, what it is, and the page that shows them. */
export type WaitingItem = { key: WaitingKey; count: number; label: string; href: string };

type Status = "success" | "pending" | "failed" | "unknown" | "submitting";
export type NetworkFigures = { provider: string; count: number; success: number; finished: number; rate: number | null };
/** One day's charges: how many, by outcome, the success rate, what was collected per currency, by network. */
export type DayFigures = {
  count: number;
  byStatus: Record<Status, number>;
  success: number;
  /** success + failed + unknown: charges with an outcome (pending ones have none yet). */
  finished: number;
  rate: number | null;
  /** Successful charges net of reversals, per currency, biggest first; currencies never add up. */
  collected: { currency: string; minor: number }[];
  networks: NetworkFigures[];
};
/** Charges per hour of the day in the business's zone; `today` is null for hours still to come. */
export type HourBar = { hour: number; today: number | null; lastWeek: number };
export type TodayFigures = { today: DayFigures; lastWeek: DayFigures; hours: HourBar[] };

export type HomeView = {
  name: string;
  timeZone: string;
  /** "Sunday 6 Dec 2026" and "14:05": today, and the time the figures run to, in the zone. */
  todayLabel: string;
  asOfLabel: string;
  /** Last week's same weekday: "Sunday 29 Nov", and its name: "Sunday". */
  lastWeekLabel: string;
  weekday: string;
  /** "team": every charge; "own": the member's own (a role that may not read Insights). */
  scope: "team" | "own";
  canCharge: boolean;
  waiting: WaitingItem[];
  figures: TodayFigures;
  recent: { charges: ChargeView[]; payments: ChargeView[]; customers: Record<string, { id: string; name: string }> };
};
