import { redirect } from "next/navigation";
import { currentMember, publicPage } from "@/lib/session/guards";
import { hasMembers } from "@/lib/team/members";
import { homeFor } from "@/lib/access/roles";

export default async function Home() {
  const member = await currentMember();
  if (member) redirect(homeFor(member.role));
  redirect((await hasMembers((await publicPage()).db)) ? "/sign-in" : "/setup");
}
