import { Card, PageTitle } from "@/components/ui/card";
import { TextLink } from "@/components/ui/link";

export default function EndpointNotFound() {
  return (
    <Card>
      <PageTitle description="The address may be mistyped, or the endpoint may have been deleted.">No such webhook endpoint</PageTitle>
      <TextLink href="/settings/webhooks">See the endpoints</TextLink>
    </Card>
  );
}
