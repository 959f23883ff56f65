import { redirect } from "next/navigation";
import { currentMember } from "@/lib/session/guards";
import { hasMembers } from "@/lib/team/members";
import { homeFor } from "@/lib/team/roles";
import { getDb } from "@/lib/db/client";

export default async function Home() {
  const member = await currentMember();
  if (member) redirect(homeFor(member.role));
  redirect((await hasMembers(await getDb())) ? "/sign-in" : "/setup");
}
