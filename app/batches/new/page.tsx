// Preparing a bulk batch (owner, staff): the file is read and checked in the browser; the batch
// then waits for an owner's approval (components/batches/batch-upload.tsx).
import type { Metadata } from "next";
import { BatchUpload } from "@/components/batches/batch-upload";
import { PageTitle } from "@/components/ui/card";
import { env } from "@/lib/env";
import { requirePage } from "@/lib/session/guards";

export const metadata: Metadata = { title: "New bulk charge" };

export default async function NewBatchPage() {
  await requirePage("batch:create", "/batches/new");
  return (
    <>
      <PageTitle description="Charge many customers from a spreadsheet. An owner approves the batch before anything is sent; each row is charged at most once.">
        New bulk charge
      </PageTitle>
      <BatchUpload currencies={env().CURRENCIES} />
    </>
  );
}
