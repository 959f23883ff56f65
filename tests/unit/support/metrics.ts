// This process's count for one series of a metric (lib/metrics/registry.ts), read from the
// registry itself: for the tests of what moves a counter, before and after.
import { metrics } from "@/lib/metrics/registry";

export async function countOf(name: string, labels: Record<string, string> = {}): Promise<number> {
  const metric = metrics().registry.getSingleMetric(name);
  if (!metric) throw new Error(`no metric ${name}`);
  const { values } = await metric.get();
  const found = values.find((v) => Object.entries(labels).every(([k, value]) => v.labels[k] === value));
  return found?.value ?? 0;
}
