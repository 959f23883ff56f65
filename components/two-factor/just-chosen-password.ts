// The password a person typed seconds ago to create the owner account or to join a team, held in
// this tab's memory (never stored, never sent anywhere but to the enrolment it is kept for) so
// that the two-factor set-up their role leads to at once does not ask for it again. It is taken
// once and lasts two minutes; a reload forgets it, and the set-up asks as it always did.
const HELD_MS = 120_000;

let held: { password: string; until: number } | null = null;

export function holdJustChosenPassword(password: string): void {
  held = { password, until: Date.now() + HELD_MS };
}

/** The password, if one was chosen in this tab in the last two minutes; forgotten from then on. */
export function takeJustChosenPassword(): string | null {
  const h = held;
  held = null;
  return h && Date.now() < h.until ? h.password : null;
}
