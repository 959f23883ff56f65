import { NotAllowed } from "@/components/layout/page-states";

export default function Forbidden() {
  return <NotAllowed />;
}
