import { PageTitle } from "@/components/ui/card";
import { LoadingState } from "@/components/ui/states";
import { NEW_CHARGE_DESCRIPTION } from "./copy";

// The title comes at once, the form with the budget left when that is read.
export default function Loading() {
  return (
    <div className="mx-auto max-w-xl">
      <PageTitle description={NEW_CHARGE_DESCRIPTION}>New charge</PageTitle>
      <LoadingState label="Loading the form…" />
    </div>
  );
}
