// The upstream's account, asked on the server when the page is rendered (lib/account/page-view.ts):
// every field it sends, readably (./value-tree.tsx), its timestamps in the business's zone. Why it
// could not be read is the page's (pages/account/index.tsx), with Try again as a link.
import { Card } from "@/components/ui/card";
import { ValueTree } from "./value-tree";

export function AccountView({ user, timeZone }: { user: Record<string, unknown>; timeZone: string }) {
  return (
    <Card>
      <div data-testid="account-details">
        <ValueTree value={user} zone={timeZone} />
      </div>
    </Card>
  );
}
