// The new batch page's island (pages/batches/new.tsx; docs/decisions/forms-as-islands.md): the
// file or pasted rows, their checks and the send, what the browser hydrates of the page.
// scripts/islands.mjs builds it for the browser and for the server.
import { defineIsland } from "@/components/ui/island";
import type { NewBatchView } from "@/lib/batches/types";
import { BatchUpload } from "./batch-upload";

function NewBatch({ currencies }: NewBatchView) {
  return <BatchUpload currencies={currencies} />;
}

export default defineIsland("new-batch", NewBatch);
