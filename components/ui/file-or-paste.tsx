"use client";
// Where a spreadsheet's rows come from: a CSV file, or rows pasted with their heading line (a
// spreadsheet's copy). The bulk batch's page and the customers import read them the same way.
import { useEffect, useId, useRef, useState } from "react";
import { Button } from "./button";
import { inputClass } from "./field";

/** `onRead(content, name)`: `name` is the file's name without its extension, absent for pasted rows. */
export function FileOrPaste({ onRead, placeholder }: { onRead: (content: string, name?: string) => void; placeholder: string }) {
  const ids = useId();
  const [pasted, setPasted] = useState("");
  const file = useRef<HTMLInputElement>(null);
  const paste = useRef<HTMLTextAreaElement>(null);
  const read = async (chosen: File | undefined) => {
    if (chosen) onRead(await chosen.text(), chosen.name.replace(/\.[^.]+$/, ""));
  };
  // A file chosen before the page's scripts ran (a slow phone, a page opened as a document) is read
  // once they have: the browser kept it in the field, but no change event reached React. Rows
  // pasted by then are kept the same way, and Read pasted rows wakes for them.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the field is first there
  useEffect(() => {
    void read(file.current?.files?.[0]);
    if (paste.current?.value) setPasted(paste.current.value);
  }, []);
  return (
    <div className="mt-4 grid gap-6 md:grid-cols-2">
      <div className="space-y-1.5">
        <label htmlFor={`${ids}-upload`} className="block text-sm font-medium">
          CSV file
        </label>
        <input
          id={`${ids}-upload`}
          type="file"
          accept=".csv,.txt,text/csv,text/plain"
          className="block w-full text-sm file:mr-3 file:min-h-11 file:rounded-lg file:border file:border-line file:bg-canvas file:px-4 file:font-semibold"
          ref={file}
          onChange={(e) => void read(e.target.files?.[0])}
        />
      </div>
      <div className="space-y-1.5">
        <label htmlFor={`${ids}-paste`} className="block text-sm font-medium">
          Or paste rows (with their heading line)
        </label>
        <textarea
          id={`${ids}-paste`}
          rows={4}
          ref={paste}
          value={pasted}
          onChange={(e) => setPasted(e.target.value)}
          className={`${inputClass} font-mono text-sm`}
          placeholder={placeholder}
        />
        <Button type="button" variant="secondary" onClick={() => onRead(pasted)} disabled={!pasted.trim()}>
          Read pasted rows
        </Button>
      </div>
    </div>
  );
}
