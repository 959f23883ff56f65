// A module the browser imports the first time it is needed rather than with the page: the forms'
// checks (lazy-resolver.ts), the file readers of the batch and import pages. Imported once; a
// failed import (a lost connection, a new deployment) is not kept, so the next use tries again.
import { useRef } from "react";

export function onFirstUse<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
}

/** What a page whose file reader could not be imported says instead of reading the file. */
export const READER_UNAVAILABLE = "The file could not be read: part of this page did not load. Check your connection and try again.";

/**
 * A page's file reader, for the read of the newest file: `read()` gives the module, or null when
 * a newer file came while it loaded (that read goes on instead) or when it could not be imported —
 * then, for the newest read only, `unavailable` is called (the page says READER_UNAVAILABLE).
 */
export function useFileReader<T>(reader: () => Promise<T>, unavailable: () => void): () => Promise<T | null> {
  const reads = useRef(0);
  return async () => {
    const read = ++reads.current;
    try {
      const module = await reader();
      return read === reads.current ? module : null;
    } catch {
      if (read === reads.current) unavailable();
      return null;
    }
  };
}
