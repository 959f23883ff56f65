// After a charge, the person is taken to its result: focus moves to the result's heading so a
// screen reader announces the outcome and the keyboard starts from there.
import { type RefObject, useEffect } from "react";

/** sessionStorage key: the id of the charge the form just made. */
export const JUST_CHARGED = "momo:just-charged";

export function useFocusWhenJustCharged(id: string, heading: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    if (sessionStorage.getItem(JUST_CHARGED) !== id) return;
    sessionStorage.removeItem(JUST_CHARGED);
    heading.current?.focus();
  }, [id, heading]);
}
