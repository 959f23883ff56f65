import { InsightsLoading } from "@/components/insights/insights-report";

export default function Loading() {
  return <InsightsLoading />;
}
