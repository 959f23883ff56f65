// React Query defaults in one place: short staleness, no retry on answers that will not change.
import { QueryClient } from "@tanstack/react-query";
import { HttpError } from "./http";

export function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 5_000,
        retry: (count, error) => !(error instanceof HttpError && error.status >= 400 && error.status < 500) && count < 2,
      },
      mutations: { retry: false },
    },
  });
}
