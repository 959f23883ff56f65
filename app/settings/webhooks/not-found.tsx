import { Card, PageTitle } from "@/components/ui/card";
import Link from "@/components/ui/link";

export default function EndpointNotFound() {
  return (
    <Card>
      <PageTitle description="The address may be mistyped, or the endpoint may have been deleted.">No such webhook endpoint</PageTitle>
      <Link href="/settings/webhooks" className="font-medium text-link underline">
        See the endpoints
      </Link>
    </Card>
  );
}
