// The upstream's account, asked on the server when the page is rendered (app/account/page.tsx):
// every field it sends, readably (components/account/value-tree.tsx), or why it could not be read, with
// "Try again" asking once more. Nothing here polls, so the page loads no React Query.
import { RefreshError } from "@/components/ui/refresh-error";
import { Card } from "@/components/ui/card";
import { ValueTree } from "./value-tree";

/** What lib/momo/account.ts answers: the record, or why there is none. */
type Answer = { ok: true; user: Record<string, unknown> } | { ok: false; message: string };

export function AccountView({ answer }: { answer: Answer }) {
  if (!answer.ok) return <RefreshError title="The account could not be loaded" message={answer.message} />;
  return (
    <Card>
      <div data-testid="account-details">
        <ValueTree value={answer.user} />
      </div>
    </Card>
  );
}
