import { PageHeader } from "../header";

// The header of every App Router page (the home page is a Pages Router page: pages/index.tsx),
// rendered with the page: a parallel route that matches every address, so a navigation inside the
// app renders it again with the page it leads to (the root layout, which places it, is not
// rendered again), and the current page is marked by the server.
export default async function HeaderSlot({ params }: { params: Promise<{ path: string[] }> }) {
  const { path } = await params;
  return <PageHeader path={`/${path.join("/")}`} />;
}
