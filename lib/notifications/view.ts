// A notification as the browser sees it (types only: browser-safe).
import type { NotificationKind } from "./shape";

export type NotificationView = {
  id: string;
  kind: NotificationKind;
  /** One line: what happened. */
  title: string;
  /** What to know or do next; no customer's number or words. */
  detail: string;
  /** The thing it is about. */
  href: string;
  createdAt: string;
  read: boolean;
};

export type NotificationPage = { items: NotificationView[]; unread: number; nextCursor: string | null };
