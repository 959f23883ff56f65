// A batch file's columns and the label's limit, without the row checks (lib/batches/schema.ts):
// the upload page shows them and loads no zod for it.

export const BATCH_LABEL_MAX = 100;

/** The file's columns, in the order the template lists them. */
export const BATCH_COLUMNS = ["phone", "amount", "currency", "network", "description", "customer_reference"] as const;
export type BatchColumn = (typeof BATCH_COLUMNS)[number];
