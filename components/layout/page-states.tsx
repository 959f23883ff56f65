// A page's refusals and failures as server HTML: the App Router's forbidden and not-found pages
// (app/forbidden.tsx, app/not-found.tsx) and a Pages Router page's (components/layout/staff-frame.tsx), and a list whose view threw.
import { TextLink } from "@/components/ui/link";
import { Card, PageTitle } from "@/components/ui/card";

export function NotAllowed() {
  return (
    <Card>
      <PageTitle description="Your role does not include this page. An owner of your team can change your role.">Not allowed</PageTitle>
      <TextLink href="/">Go to your start page</TextLink>
    </Card>
  );
}

/** No such record (app/not-found.tsx says the same for the App Router's pages). */
export function NotFound() {
  return (
    <Card>
      <PageTitle description="The address may be mistyped, or the charge may not exist.">Not found</PageTitle>
      <TextLink href="/transactions">See recent charges</TextLink>
    </Card>
  );
}

/** As components/ui/states.tsx's ErrorState, with Try again as a link to the same address. */
export function PageFailed({
  title,
  message,
  requestId,
  retry,
}: {
  title: string;
  message: string;
  requestId: string | null;
  retry: string;
}) {
  return (
    <div role="alert" className="rounded-card border border-status-failed/30 bg-status-failed-bg p-5 text-status-failed">
      <p className="font-semibold">{title}</p>
      <p className="mt-1 text-sm">{message}</p>
      {requestId ? (
        <p className="mt-1 text-sm">
          If it happens again, give support this reference: <code className="break-all">{requestId}</code>
        </p>
      ) : null}
      <TextLink tap href={retry} className="mt-4">
        Try again
      </TextLink>
    </div>
  );
}
