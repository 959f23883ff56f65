import { PageTitle } from "@/components/ui/card";
import { LoadingState } from "@/components/ui/states";
import { TRANSACTIONS_DESCRIPTION } from "./copy";

// The page's title and description come at once, the charges when they are read: the heading
// does not jump, and the first paint already shows the page's largest text.
export default function Loading() {
  return (
    <>
      <PageTitle description={TRANSACTIONS_DESCRIPTION}>Transactions</PageTitle>
      <LoadingState label="Loading charges…" />
    </>
  );
}
