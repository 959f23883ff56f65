// "Today": the day so far beside the same weekday last week by the same time, the networks, and
// the hours as a chart. Every figure is in words; the chart repeats them.
import type { ReactNode } from "react";
import { FiguresTable } from "@/components/insights/chart-card";
import { formatCount, formatPercent } from "@/components/insights/format";
import { Card } from "@/components/ui/card";
import { EMPTY_VALUE } from "@/lib/format";
import type { DayFigures, HomeView } from "@/lib/home/types";
import { providerLabel } from "@/lib/market/networks";
import { formatMoney } from "@/lib/money";
import { HourlyChart } from "./hourly-chart";

const rate = (d: DayFigures) => (d.rate === null ? EMPTY_VALUE : formatPercent(d.rate));
const money = (d: DayFigures) => d.collected.map((c) => formatMoney(c.minor, c.currency));

export function TodayPanel({ view: v }: { view: HomeView }) {
  const { today, lastWeek, hours } = v.figures;
  const then = `by ${v.asOfLabel} last ${v.weekday}`;
  const [main, ...others] = money(today);
  const outcomes = (["success", "failed", "unknown", "pending", "submitting"] as const)
    .filter((s) => today.byStatus[s] > 0)
    .map((s) => `${formatCount(today.byStatus[s])} ${OUTCOME_WORDS[s]}`);
  return (
    <Card aria-labelledby="today-title" data-testid="home-today" className="space-y-5">
      <div>
        <h2 id="today-title" className="text-lg font-semibold">
          {v.scope === "team" ? "Today" : "Your charges today"}
        </h2>
        <p className="mt-0.5 text-sm text-ink-muted">
          To {v.asOfLabel} ({v.timeZone}), beside {v.lastWeekLabel} by the same time
        </p>
      </div>
      <dl className="grid gap-4 sm:grid-cols-3">
        <Figure label="Collected" testId="today-collected" value={main ?? EMPTY_VALUE}>
          {others.length ? `${others.map((o) => `+ ${o}`).join(" · ")} · ` : ""}
          {money(lastWeek).join(" + ") || "nothing"} {then}
        </Figure>
        <Figure label="Charges" testId="today-count" value={formatCount(today.count)}>
          {outcomes.length ? `${outcomes.join(", ")} · ` : ""}
          {formatCount(lastWeek.count)} {then}
        </Figure>
        <Figure label="Success rate" testId="today-rate" value={rate(today)}>
          {rate(lastWeek)} {then}
        </Figure>
      </dl>
      <Networks today={today} lastWeek={lastWeek} />
      <figure aria-labelledby="hours-title">
        <figcaption id="hours-title" className="mb-2 text-sm font-semibold">
          Charges by hour
        </figcaption>
        <HourlyChart hours={hours} label={`Charges by hour today, beside ${v.lastWeekLabel}`} />
        <FiguresTable
          caption={`Charges by hour: today, and ${v.lastWeekLabel}`}
          head={["Hour", "Today / last week"]}
          rows={hours.map((h) => [
            `${String(h.hour).padStart(2, "0")}:00`,
            `${h.today === null ? EMPTY_VALUE : formatCount(h.today)} / ${formatCount(h.lastWeek)}`,
          ])}
        />
      </figure>
    </Card>
  );
}

const OUTCOME_WORDS = { success: "succeeded", failed: "failed", unknown: "unknown", pending: "pending", submitting: "sending" } as const;

function Networks({ today, lastWeek }: { today: DayFigures; lastWeek: DayFigures }) {
  const last = new Map(lastWeek.networks.map((n) => [n.provider, n]));
  return (
    <table className="w-full text-left text-sm tabular-nums" data-testid="today-networks">
      <caption className="sr-only">Charges and success rate by network, today and last week by the same time</caption>
      <thead className="text-xs uppercase tracking-wide text-ink-muted">
        <tr>
          <th scope="col" className="py-1 pr-3 font-medium">
            Network
          </th>
          <th scope="col" className="py-1 pr-3 text-right font-medium">
            Charges
          </th>
          <th scope="col" className="py-1 pr-3 text-right font-medium">
            Success
          </th>
          <th scope="col" className="py-1 text-right font-medium">
            Last week
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-line">
        {today.networks.map((n) => {
          const before = last.get(n.provider);
          return (
            <tr key={n.provider}>
              <th scope="row" className="py-1.5 pr-3 font-normal">
                {providerLabel(n.provider)}
              </th>
              <td className="py-1.5 pr-3 text-right">{formatCount(n.count)}</td>
              <td className="py-1.5 pr-3 text-right">{n.rate === null ? EMPTY_VALUE : formatPercent(n.rate)}</td>
              <td className="py-1.5 text-right text-ink-muted">{before?.rate == null ? EMPTY_VALUE : formatPercent(before.rate)}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

function Figure({ label, value, testId, children }: { label: string; value: string; testId: string; children: ReactNode }) {
  return (
    <div className="rounded-lg border border-line p-4" data-testid={testId}>
      <dt className="text-sm font-medium text-ink-muted">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold tracking-tight tabular-nums" data-testid={`${testId}-value`}>
        {value}
      </dd>
      <dd className="mt-1 text-xs text-ink-muted">{children}</dd>
    </div>
  );
}
