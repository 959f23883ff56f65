import { TextLink } from "@/components/ui/link";
import { Card, PageTitle } from "@/components/ui/card";

export default function NotFound() {
  return (
    <Card>
      <PageTitle description="The address may be mistyped, or the charge may not exist.">Not found</PageTitle>
      <TextLink href="/transactions">See recent charges</TextLink>
    </Card>
  );
}
