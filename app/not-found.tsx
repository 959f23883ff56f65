import Link from "@/components/ui/link";
import { Card, PageTitle } from "@/components/ui/card";

export default function NotFound() {
  return (
    <Card>
      <PageTitle description="The address may be mistyped, or the charge may not exist.">Not found</PageTitle>
      <Link href="/transactions" className="font-medium text-link underline">
        See recent charges
      </Link>
    </Card>
  );
}
