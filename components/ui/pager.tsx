"use client";
// Previous / Next through pages held in the browser (a file's rows before they are sent).
import { Button } from "./button";

export function Pager({ page, pages, onPage }: { page: number; pages: number; onPage: (page: number) => void }) {
  if (pages <= 1) return null;
  return (
    <nav aria-label="Rows pages" className="mt-3 flex items-center justify-between text-sm">
      <Button type="button" variant="secondary" onClick={() => onPage(page - 1)} disabled={page === 0}>
        ← Previous
      </Button>
      <span>
        Page {page + 1} of {pages}
      </span>
      <Button type="button" variant="secondary" onClick={() => onPage(page + 1)} disabled={page >= pages - 1}>
        Next →
      </Button>
    </nav>
  );
}
