import { headers } from "next/headers";
import { headerChrome } from "@/lib/layout/chrome";
import { SiteHeader } from "@/components/layout/site-header";

/** The header for the page at `path`, from the request's member, business and key (app/@header). */
export async function PageHeader({ path }: { path: string }) {
  const [{ mode, member, business, enrolling, unread }, asked] = await Promise.all([headerChrome(), headers()]);
  return (
    <SiteHeader
      path={path}
      mode={mode}
      member={member}
      business={member ? business : null}
      enrolling={enrolling}
      unread={unread}
      nonce={asked.get("x-nonce")}
    />
  );
}
