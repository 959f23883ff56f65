import { TextLink } from "@/components/ui/link";
import { Card, PageTitle } from "@/components/ui/card";

export default function Forbidden() {
  return (
    <Card>
      <PageTitle description="Your role does not include this page. An owner of your team can change your role.">Not allowed</PageTitle>
      <TextLink href="/">Go to your start page</TextLink>
    </Card>
  );
}
