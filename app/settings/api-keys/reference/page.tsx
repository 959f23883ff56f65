// The API's reference: how a shop calls /api/v1/ (auth, idempotency, the signed return), then every
// operation as the OpenAPI document says it (/api/v1/openapi.json, the same document).
import type { Metadata } from "next";
import { type ApiDocument, ApiReference } from "@/components/api-keys/api-reference";
import { Card, PageTitle } from "@/components/ui/card";
import { TextLink } from "@/components/ui/link";
import { openApiDocument } from "@/lib/api-v1/document";
import { requirePage } from "@/lib/session/guards";

export const metadata: Metadata = { title: "API reference" };

const RETURN_CHECK = `import { Webhook } from "standardwebhooks";

// On the page return_url points at: the query as it arrived.
const q = new URL(request.url).searchParams;
// What was signed: the three parameters as compact JSON, in this order.
const signed = JSON.stringify({ pay_link: q.get("pay_link"), charge: q.get("charge"), status: q.get("status") });
new Webhook(signingSecret).verify(signed, {
  "webhook-id": q.get("charge"),
  "webhook-timestamp": q.get("timestamp"),
  "webhook-signature": q.get("signature"),
}); // throws unless it is ours and recent`;

export default async function ApiReferencePage() {
  await requirePage("api_key:manage", "/settings/api-keys/reference");
  const doc = openApiDocument() as unknown as ApiDocument;
  return (
    <div className="space-y-6">
      <PageTitle description={doc.info.description}>API reference</PageTitle>
      <Card className="space-y-3 text-sm">
        <h2 className="text-lg font-semibold">Calling it</h2>
        <p>
          Every request sends <code className="font-mono">Authorization: Bearer mdk_…</code> (a key from{" "}
          <TextLink href="/settings/api-keys">API keys</TextLink>); every POST an <code className="font-mono">Idempotency-Key</code>.
          Answers carry <code className="font-mono">RateLimit-Limit</code>, <code className="font-mono">-Remaining</code> and{" "}
          <code className="font-mono">-Reset</code>; past the limit, 429 with <code className="font-mono">Retry-After</code>. The document
          for client generators:{" "}
          <a className="text-link underline" href="/api/v1/openapi.json">
            /api/v1/openapi.json
          </a>
          .
        </p>
        <pre className="whitespace-pre-wrap break-all rounded-lg border border-line bg-canvas p-3 font-mono text-xs">{`curl -X POST https://<dashboard>/api/v1/pay_links \\
  -H "Authorization: Bearer $MOMO_DASHBOARD_KEY" \\
  -H "Idempotency-Key: order-1042" -H "Content-Type: application/json" \\
  -d '{"amount_minor": 12500, "currency": "GHS", "description": "Order 1042",
       "reference": "1042", "metadata": {"order_id": "1042"},
       "return_url": "https://shop.example.com/paid"}'`}</pre>
        <h3 className="font-semibold">The customer's way back</h3>
        <p>
          After paying a link with a <code className="font-mono">return_url</code>, the receipt offers “Back to” your shop: the address gets{" "}
          <code className="font-mono">pay_link</code>, <code className="font-mono">charge</code>, <code className="font-mono">status</code>{" "}
          (success, failed or unknown), <code className="font-mono">timestamp</code> and <code className="font-mono">signature</code>,
          signed with the key's signing secret. Check it, then read the charge from the API before you ship:
        </p>
        <pre className="whitespace-pre-wrap break-all rounded-lg border border-line bg-canvas p-3 font-mono text-xs">{RETURN_CHECK}</pre>
      </Card>
      <ApiReference doc={doc} />
    </div>
  );
}
