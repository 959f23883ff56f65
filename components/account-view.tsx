"use client";
import { useQuery } from "@tanstack/react-query";
import { fetchJson } from "@/lib/fetch-json";
import { Card } from "./ui/card";
import { ErrorState, LoadingState } from "./ui/states";
import { ValueTree } from "./value-tree";

export function AccountView() {
  const query = useQuery({
    queryKey: ["account"],
    queryFn: () => fetchJson<{ user: Record<string, unknown> }>("/api/account").then((r) => r.user),
    retry: false,
  });

  if (query.isPending) return <LoadingState label="Asking the upstream for the account…" />;
  if (query.isError) {
    return <ErrorState title="The account could not be loaded" message={query.error.message} retry={() => query.refetch()} />;
  }
  return (
    <Card>
      <div data-testid="account-details">
        <ValueTree value={query.data} />
      </div>
    </Card>
  );
}
