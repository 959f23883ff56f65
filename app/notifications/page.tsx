import type { Metadata } from "next";
import { NotificationList } from "@/components/notifications/notification-list";
import { PageTitle } from "@/components/ui/card";
import Link from "@/components/ui/link";
import { listNotifications } from "@/lib/notifications/queries";
import { requirePage } from "@/lib/session/guards";

export const metadata: Metadata = { title: "Notifications" };

// Every member's own: what concerns them and their role may see, newest first (the bell links here).
export default async function NotificationsPage() {
  const page = await listNotifications(await requirePage("profile:own", "/notifications"));
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageTitle
        description={
          <>
            What concerns you, as it happens. Choose which also come by email on{" "}
            <Link href="/profile#notifications" className="text-link underline">
              Your profile
            </Link>
            .
          </>
        }
      >
        Notifications
      </PageTitle>
      <NotificationList initial={page} />
    </div>
  );
}
