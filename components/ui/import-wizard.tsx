"use client";
// One file import in three steps, for a bulk batch's rows and the customers directory: choose a
// CSV file (or paste rows), check them (the rows that need attention first, file-preview.tsx) and
// send them (import-send.tsx). The reader comes with the first file (on-first-use.ts), so the
// page loads no checks before; what differs between imports (the reader, the columns, the words,
// the send) is given. A new file starts over: the last send's outcome is forgotten.
import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from "react";
import { FileOrPaste } from "./file-or-paste";
import { FilePreview, type PreviewRow } from "./file-preview";
import { ImportSend, type SendStep } from "./import-send";
import { pastedName, readLine } from "./import-words";
import { READER_UNAVAILABLE, useFileReader } from "./on-first-use";
import { useAction } from "./use-action";
import { Card } from "./card";

/** A file's reader: every row checked, or why the file cannot be read; `edit` checks a row fixed in place. */
export type RowReader<C extends string, R extends PreviewRow<C>> = {
  parse: (content: string) => { ok: true; rows: R[]; ignored: string[] } | { ok: false; message: string };
  edit?: (row: R, column: C, value: string) => R;
};

type Props<C extends string, R extends PreviewRow<C>, T> = {
  reader: () => Promise<RowReader<C, R>>;
  /** The first step: its heading, what a file holds (and its template), the paste box's example. */
  choose: { heading: string; help: ReactNode; placeholder: string };
  /** The second step's table (FilePreview): `extra` is what else its summary says of the rows. */
  check: {
    columns: readonly C[];
    headings: Record<C, string>;
    caption: string;
    shown?: (row: R, column: C) => string | undefined;
    extra?: (rows: R[]) => ReactNode;
  };
  send: SendStep<R, T>;
  /** A file was read: its name without the extension (pastedName for pasted rows). */
  onLoad?: (source: string) => void;
  /** A status line says what a file gave, and the preview is brought into view (below the fold on a phone). */
  announce?: boolean;
  /** What takes the import's place once sent; `again` starts over. Without it, the steps stay. */
  done?: (result: T, again: () => void) => ReactNode;
  /** data-testid prefix: `<prefix>-read`, and FilePreview's `<prefix>-summary` and `<prefix>-row`. */
  testId: string;
};

type Loaded<C extends string, R extends PreviewRow<C>> = { rows: R[]; ignored: string[]; reader: RowReader<C, R>; read: string };

export function ImportWizard<C extends string, R extends PreviewRow<C>, T>({
  reader,
  choose,
  check,
  send,
  onLoad,
  announce,
  done,
  testId,
}: Props<C, R, T>) {
  const ids = useId();
  const [loaded, setLoaded] = useState<Loaded<C, R> | null>(null);
  const [readError, setReadError] = useState<string | null>(null);
  const submit = useAction({ send: (rows: R[]) => send.send(rows), onSuccess: (result: T) => send.onSent?.(result) });

  const readFile = useFileReader(reader, () => {
    setLoaded(null);
    setReadError(READER_UNAVAILABLE);
  });
  const load = async (content: string, source: string) => {
    submit.reset();
    const read = await readFile();
    if (!read) return;
    const parsed = read.parse(content);
    if (!parsed.ok) {
      setLoaded(null);
      setReadError(parsed.message);
      return;
    }
    setReadError(null);
    setLoaded({ rows: parsed.rows, ignored: parsed.ignored, reader: read, read: readLine(source, parsed.rows) });
    onLoad?.(source);
  };

  // On a phone the preview starts below the fold: a file just read brings it into view.
  const preview = useRef<HTMLDivElement>(null);
  const read = loaded?.read;
  useEffect(() => {
    const el = preview.current;
    if (!read || !el || el.getBoundingClientRect().top < window.innerHeight / 2) return;
    // At once, not smoothly: what is read next (a row, a button) stays where it is found.
    el.scrollIntoView({ block: "start" });
  }, [read]);

  const waiting = useMemo(() => loaded?.rows.filter((r) => !r.check.ok).length ?? 0, [loaded]);

  if (done && submit.isSuccess) {
    return done(submit.data, () => {
      submit.reset();
      setLoaded(null);
    });
  }

  const checked = loaded ? (
    <Card aria-labelledby={`${ids}-preview`}>
      <h2 id={`${ids}-preview`} className="text-lg font-semibold">
        2. Check the rows
      </h2>
      <FilePreview
        rows={loaded.rows}
        columns={check.columns}
        headings={check.headings}
        caption={check.caption}
        ignored={loaded.ignored}
        onRows={(rows) => setLoaded((l) => (l && rows ? { ...l, rows } : null))}
        edit={loaded.reader.edit}
        shown={check.shown}
        testId={testId}
        extra={check.extra?.(loaded.rows)}
      />
      <ImportSend
        step={send}
        rows={loaded.rows}
        waiting={waiting}
        pending={submit.isPending}
        error={submit.error}
        onSend={() => submit.mutate(loaded.rows)}
      />
    </Card>
  ) : null;

  return (
    <div className="space-y-6">
      <Card aria-labelledby={`${ids}-file`}>
        <h2 id={`${ids}-file`} className="text-lg font-semibold">
          {choose.heading}
        </h2>
        <p className="mt-1 text-sm text-ink-muted">{choose.help}</p>
        <FileOrPaste onRead={(content, name) => void load(content, name ?? pastedName(new Date()))} placeholder={choose.placeholder} />
        {readError ? (
          <p role="alert" className="mt-4 text-sm font-medium text-status-failed">
            {readError}
          </p>
        ) : null}
      </Card>

      {announce ? (
        // Always there, so that what a file gave is announced when it is read.
        <div ref={preview} className="scroll-mt-4 space-y-3">
          <p role="status" className="text-sm font-medium" data-testid={`${testId}-read`}>
            {loaded?.read}
          </p>
          {checked}
        </div>
      ) : (
        checked
      )}
    </div>
  );
}
