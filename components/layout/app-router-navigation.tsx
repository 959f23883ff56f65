"use client";
// The App Router's navigation for the components of its pages (components/ui/navigation.tsx):
// soft navigation and router.refresh(), as before islands existed. A toast for the next page
// is shown as the router goes; one left by a page that loaded this one whole (an island's,
// components/ui/toast.ts, NEXT_TOAST) is shown once this page is hydrated.
import { useRouter } from "next/navigation";
import { type ReactNode, useEffect, useMemo } from "react";
import { type Navigation, NavigationProvider } from "@/components/ui/navigation";
import { takeNextToast, toast } from "@/components/ui/toast";

export function AppRouterNavigation({ children }: { children: ReactNode }) {
  const router = useRouter();
  const navigation = useMemo<Navigation>(
    () => ({
      go: (url, options) => {
        if (options?.toast) toast(options.toast);
        router.push(url);
      },
      replace: (url) => router.replace(url),
      refresh: () => router.refresh(),
    }),
    [router],
  );
  useEffect(() => {
    const left = takeNextToast();
    if (left) toast(left);
  }, []);
  return <NavigationProvider value={navigation}>{children}</NavigationProvider>;
}
