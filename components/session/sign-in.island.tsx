// The sign-in page's island (pages/sign-in.tsx; docs/decisions/forms-as-islands.md): the form,
// with its code step when two-factor asks for one — what the browser hydrates of the page.
// scripts/islands.mjs builds it for the browser and for the server.
import { defineIsland } from "@/components/ui/island";
import type { SignInView } from "@/lib/session/types";
import { SignInForm } from "./sign-in-form";

function SignIn({ next }: SignInView) {
  return <SignInForm next={next} />;
}

export default defineIsland("sign-in", SignIn);
