// After a charge, the person is taken to its result: focus moves to the result's heading so a
// screen reader announces the outcome and the keyboard starts from there. The charge form
// (./use-charge-submit.tsx) leaves the id here; the charge's page's script
// (components/charge-page/charge-script.ts) focuses the heading when it finds it.

/** sessionStorage key: the id of the charge the form just made. */
export const JUST_CHARGED = "momo:just-charged";
