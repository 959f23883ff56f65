// A value that is not there: the one dash every screen uses (EMPTY_VALUE), read out as "none".
import { EMPTY_VALUE } from "@/lib/format";

export function EmptyValue({ className = "" }: { className?: string }) {
  return (
    <span className={className}>
      <span aria-hidden>{EMPTY_VALUE}</span>
      <span className="sr-only">none</span>
    </span>
  );
}
