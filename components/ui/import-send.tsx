"use client";
// The file import's last step (import-wizard.tsx): what the rows become once sent, the server's
// refusal with the lines it names, and one button that waits for every row to be ready.
import type { ReactNode } from "react";
import { Button } from "./button";
import { FormAlert } from "./form-alert";
import { sendRefusal } from "./import-words";

/** What the last step says and does; the rows are those the preview kept. */
export type SendStep<R, T> = {
  heading: string;
  /** What sending does (and does not do), under the heading. */
  note: string;
  /** What else the step asks for (a batch's name), above the note. */
  fields?: ReactNode;
  /** False while those fields are not filled in. */
  ready?: boolean;
  /** The button, for this many rows: "Send 4 rows for approval". */
  button: (rows: number) => string;
  /** The button while the rows are on their way. */
  pending: string;
  /** Under the button while some rows need attention. */
  fixFirst: string;
  /** The alert when the send got no answer of ours (HttpError carries the server's own words). */
  unreachable: string;
  send: (rows: R[]) => Promise<T>;
  onSent?: (result: T) => void;
};

type Props<R, T> = {
  step: SendStep<R, T>;
  rows: R[];
  /** How many rows need attention. */
  waiting: number;
  pending: boolean;
  error: Error | null;
  onSend: () => void;
};

export function ImportSend<R extends { line: number }, T>({ step, rows, waiting, pending, error, onSend }: Props<R, T>) {
  const refusal = sendRefusal(error, step.unreachable, rows);
  return (
    <form
      className="mt-6 space-y-3 border-t border-line pt-5"
      onSubmit={(e) => {
        e.preventDefault();
        onSend();
      }}
    >
      <h2 className="text-lg font-semibold">{step.heading}</h2>
      {step.fields}
      <p className="text-sm text-ink-muted">{step.note}</p>
      {refusal ? (
        <FormAlert>
          {refusal.message}
          {refusal.lines ? (
            <ul className="mt-1 list-disc pl-5">
              {refusal.lines.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          ) : null}
        </FormAlert>
      ) : null}
      <Button type="submit" disabled={waiting > 0 || step.ready === false || pending} aria-disabled={pending}>
        {pending ? step.pending : step.button(rows.length)}
      </Button>
      {waiting ? <p className="text-sm text-ink-muted">{step.fixFirst}</p> : null}
    </form>
  );
}
