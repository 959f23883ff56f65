// The home page's decisions (pages/index.tsx and components/home/ only render them): what waits
// for the member, today so far beside the same weekday last week (the team's for the roles that
// may read Insights, the member's own otherwise: docs/decisions/home.md), and the latest charges.
import "server-only";
import { can } from "@/lib/access";
import type { Asker } from "@/lib/access/types";
import { currentBusiness } from "@/lib/business";
import { addDays, todayIn } from "@/lib/day";
import { recentCharges } from "./recent";
import { todayFigures } from "./today";
import type { HomeView } from "./types";
import { waitingFor } from "./waiting";

const dayLabel = (day: string, withYear: boolean) =>
  new Intl.DateTimeFormat("en-GB", {
    weekday: "long",
    day: "numeric",
    month: "short",
    ...(withYear ? { year: "numeric" } : {}),
    timeZone: "UTC",
  }).format(new Date(`${day}T00:00:00Z`));

/** `asOf`: the moment the figures run to (now; a test names one). */
export async function homeView(ctx: Asker, asOf = new Date()): Promise<HomeView> {
  const { db, member } = ctx;
  const { timeZone } = await currentBusiness();
  const today = todayIn(timeZone, asOf);
  const scope = can(member.role, "insight:read") ? "team" : "own";
  const [waiting, figures, recent] = await Promise.all([
    waitingFor(db, member),
    todayFigures(db, timeZone, today, asOf, scope === "own" ? member.id : undefined),
    recentCharges(ctx),
  ]);
  return {
    name: member.name,
    timeZone,
    todayLabel: dayLabel(today, true),
    asOfLabel: new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone }).format(asOf),
    lastWeekLabel: dayLabel(addDays(today, -7), false),
    weekday: new Intl.DateTimeFormat("en-GB", { weekday: "long", timeZone: "UTC" }).format(new Date(`${today}T00:00:00Z`)),
    scope,
    canCharge: can(member.role, "charge:create"),
    waiting,
    figures,
    recent,
  };
}
