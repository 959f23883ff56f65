import { headers } from "next/headers";
import { PageHeader } from "./header";

// The header where no page of the slot matched (a page that is not found): the path the request asked for.
export default async function HeaderDefault() {
  const asked = (await headers()).get("x-requested-path") ?? "/";
  return <PageHeader path={asked.split("?")[0]} />;
}
