import { PageHeader } from "./header";

// The header at "/" (the slot's other pages: ./[...path]/page.tsx).
export default function HomeHeader() {
  return <PageHeader path="/" />;
}
