// The session's pages' functions (pages/profile/index.tsx, pages/sign-in.tsx, served without the
// framework's runtime): lib/startup.ts puts ./staff-page.ts around lib/session/profile-view.ts and
// the sign-in page's start here. The slot is here rather than in lib/session/ (as a list's is in
// its feature): layout uses the session for every header, and a slot there would need layout's
// types back, a cycle.
import { pageSlot } from "@/lib/http/page-slot";
import type { ProfileView, SignInView } from "@/lib/session/types";
import type { PageRequest, StaffAnswer } from "./types";

export const sessionPages = pageSlot<{
  /** Your profile. */
  profile(request: PageRequest): Promise<StaffAnswer<ProfileView>>;
  /** Sign in: for who is not signed in. */
  signIn(request: PageRequest): Promise<StaffAnswer<SignInView>>;
}>("session");
