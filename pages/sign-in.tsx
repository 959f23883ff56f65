// GET /sign-in – sign in (who is not signed in; a member goes to their start page, everyone to
// set-up while there is no team). A Pages Router page that runs no framework JavaScript
// (docs/decisions/forms-as-islands.md): the page is server HTML, and only its form is hydrated, as
// an island (components/session/sign-in.island.tsx); its frame and start come through
// lib/layout/session-bridge.ts.
import signInIsland from "@/components/session/sign-in.island";
import { IslandSlot } from "@/components/layout/island-slot";
import { StaffFrame } from "@/components/layout/staff-frame";
import { Card, PageTitle } from "@/components/ui/card";
import { textLinkClass } from "@/components/ui/link-class";
import { type IslandProps, oneIslandPage } from "@/lib/layout/islands";
import { sessionPages } from "@/lib/layout/session-bridge";
import type { SignInView } from "@/lib/session/types";

type Props = IslandProps<SignInView>;

export const getServerSideProps = oneIslandPage(signInIsland, (request) => sessionPages.get().signIn(request));

/** No framework JavaScript on this page (`runtime` named so that Next.js's type of a page's config fits). */
export const config = { runtime: "nodejs", unstable_runtimeJS: false };

export default function SignInPage(props: Props) {
  const [island] = props.islands;
  return (
    <StaffFrame
      frame={props.frame}
      status={props.status}
      title="Sign in"
      islands={props.files ?? undefined}
      failed={{ title: "The sign-in page could not be loaded", message: "The database did not answer.", retry: props.url }}
    >
      <div className="mx-auto max-w-sm">
        <PageTitle description="With your email and password.">Sign in</PageTitle>
        <Card>{island ? <IslandSlot island={island} of={signInIsland} /> : null}</Card>
        <p className="mt-4">
          <a href="/forgot-password" className={textLinkClass({ tap: true })}>
            Forgot password?
          </a>
        </p>
      </div>
    </StaffFrame>
  );
}
