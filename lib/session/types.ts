// Your profile's view, as its components may know it (made by ./profile-view.ts): types only.
import type { Role } from "@/lib/access";
import type { Theme } from "@/lib/market/theme";
import type { EmailChoiceView } from "@/lib/notifications/types";
import type { SessionRow } from "./sessions";

export type { SessionRow };

/** Your profile (pages/profile/index.tsx): who you are, your sessions, two-factor, email and colour scheme. */
export type ProfileView = {
  me: { name: string; email: string; role: Role };
  /** "30 minutes": how long an unused session lasts. */
  idle: string;
  sessions: SessionRow[];
  twoFactor: { enabled: boolean; required: boolean };
  email: { choices: EmailChoiceView[]; on: boolean; digestHour: number };
  theme: Theme;
};

/** The sign-in page (pages/sign-in.tsx): where to go once signed in, as asked (checked by the form, lib/safe-next.ts). */
export type SignInView = { next: string | null };
