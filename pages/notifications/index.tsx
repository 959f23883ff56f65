// GET  /notifications – the member's own notifications, newest first, a page at a time (the bell links here)
// POST /notifications – its forms (read: an id, or all), same-site only: 303 back to the page
// A Pages Router page that runs no framework JavaScript (docs/decisions/lists-without-runtime.md),
// as /transactions, with a script of its own (components/notifications/notifications-script.ts:
// new ones without a reload, the forms without leaving the page). Its gate, frame, view and forms
// come through lib/layout/notifications-bridge.ts.
import type { GetServerSideProps } from "next";
import { StaffFrame } from "@/components/layout/staff-frame";
import { NotificationsContent } from "@/components/notifications/notifications-content";
import { notificationsScript } from "@/components/notifications/notifications-script";
import { formOf, pageRequest, type StaffProps, staffProps } from "@/lib/layout/request";
import { notificationsPages } from "@/lib/layout/notifications-bridge";
import type { NotificationsPageView } from "@/lib/notifications/types";

type Props = StaffProps<NotificationsPageView>;

/** How often the open page asks for new ones (the bell's count is asked by the header's script). */
const EVERY_MS = 10_000;

export const getServerSideProps: GetServerSideProps<Props> = async (context) => {
  const { req, res, resolvedUrl } = context;
  if (req.method === "POST") {
    const url = `http://${req.headers.host ?? "localhost"}/notifications`;
    const answer = await notificationsPages.get().act(pageRequest(context), (await formOf(req)) ?? new URLSearchParams(), url);
    return staffProps(answer, res, resolvedUrl, "POST");
  }
  return staffProps(await notificationsPages.get().list(pageRequest(context)), res, resolvedUrl);
};

/** No framework JavaScript on this page (`runtime` named so that Next.js's type of a page's config fits). */
export const config = { runtime: "nodejs", unstable_runtimeJS: false };

export default function NotificationsPage(props: Props) {
  return (
    <StaffFrame
      frame={props.frame}
      status={props.status}
      title="Notifications"
      failed={{
        title: "The notifications could not be loaded",
        message: "The database did not answer. Nothing was changed.",
        retry: props.url,
      }}
      script={notificationsScript(EVERY_MS)}
    >
      {props.view ? <NotificationsContent view={props.view} url={props.url} /> : null}
    </StaffFrame>
  );
}
