// An import file's columns, without the row checks (lib/customers/import-rows.ts): the import
// page names them before a file is chosen and loads the checks only with the file.

/** The file's columns, in the order the template lists them. */
export const IMPORT_COLUMNS = ["name", "phone", "network", "reference", "email", "note"] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];
