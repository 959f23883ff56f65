// The new batch page's view (pages/batches/new.tsx; its file reader and rows are an island,
// components/batches/new-batch.island.tsx): what the rows' checks need from the server.
import "server-only";
import { env } from "@/lib/env";
import type { NewBatchView } from "./types";

export function newBatchView(): NewBatchView {
  return { currencies: [...env().CURRENCIES] };
}
