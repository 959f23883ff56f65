// API keys: the merchant's own systems' keys to /api/v1/, each shown once when it is made, and
// revoked here at once; and the way to the API's reference.
import type { Metadata } from "next";
import { AddApiKey } from "@/components/api-keys/add-api-key";
import { KeysTable } from "@/components/api-keys/keys-table";
import { Card, PageTitle } from "@/components/ui/card";
import { TextLink } from "@/components/ui/link";
import { listApiKeys } from "@/lib/api-keys/keys";
import { currentBusiness } from "@/lib/business";
import { MAX_API_KEYS } from "@/lib/api-keys/shape";
import { upstreamMode } from "@/lib/momo/config";
import { requirePage } from "@/lib/session/guards";

export const metadata: Metadata = { title: "API keys" };

export default async function ApiKeysPage() {
  const { db } = await requirePage("api_key:manage", "/settings/api-keys");
  const [keys, { timeZone }] = await Promise.all([listApiKeys(db), currentBusiness()]);
  const mode = upstreamMode().toUpperCase();
  return (
    <div className="space-y-8">
      <div>
        <PageTitle
          description={
            <>
              Your own systems make pay links and read charges and events through the API, with a key of their own.{" "}
              <TextLink href="/settings/api-keys/reference">API reference</TextLink>
            </>
          }
        >
          API keys
        </PageTitle>
        {keys.length ? (
          <KeysTable keys={keys} zone={timeZone} />
        ) : (
          <Card>
            <p className="text-ink-muted" data-testid="no-api-keys">
              No keys yet. Make one below for the system that will call the API.
            </p>
          </Card>
        )}
      </div>
      <Card>
        <h2 className="text-lg font-semibold">Make a key</h2>
        <p className="mt-1 mb-4 text-sm text-ink-muted">
          A {mode} key: it works while the dashboard runs {mode}. No key moves money except through a pay link a customer approves. At most{" "}
          {MAX_API_KEYS} keys at once.
        </p>
        <AddApiKey />
      </Card>
    </div>
  );
}
