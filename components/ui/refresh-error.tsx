"use client";
// An error a server-rendered part of a page shows, with "Try again" rendering the page once more.
import { useRouter } from "next/navigation";
import { ErrorState } from "./states";

export function RefreshError({ title, message }: { title: string; message: string }) {
  const router = useRouter();
  return <ErrorState title={title} message={message} retry={() => router.refresh()} />;
}
