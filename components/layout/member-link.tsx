// Who is signed in, as a link to their profile page (/profile).
import type { Member } from "@/lib/access/types";
import { ROLE_LABELS } from "@/lib/access/roles";

const PROFILE_HREF = "/profile";

export function MemberLink({
  member,
  path,
  testId,
  wide = false,
}: {
  member: Pick<Member, "name" | "role">;
  /** The page's address: on the profile page the link is the current page. */
  path: string;
  testId: string;
  /** In the menu: room for a visible "Your profile". */
  wide?: boolean;
}) {
  return (
    <a
      href={PROFILE_HREF}
      data-testid={testId}
      aria-current={path === PROFILE_HREF ? "page" : undefined}
      title="Your profile"
      className={`group block min-w-0 rounded-lg px-2 py-1 leading-tight hover:bg-canvas aria-[current=page]:bg-brand-50 ${wide ? "text-sm" : "text-xs"}`}
    >
      <span className={`block truncate font-medium text-ink ${wide ? "max-w-56" : "max-w-32 xl:max-w-48"}`}>{member.name}</span>
      <span className="block text-ink-muted">
        {ROLE_LABELS[member.role]}
        {wide ? <span className="text-link group-hover:underline"> · Your profile</span> : <span className="sr-only"> · Your profile</span>}
      </span>
    </a>
  );
}
