"use client";
// The App Router's navigation for the components of its pages (components/ui/navigation.tsx):
// soft navigation and router.refresh(), as before islands existed.
import { useRouter } from "next/navigation";
import { type ReactNode, useMemo } from "react";
import { type Navigation, NavigationProvider } from "@/components/ui/navigation";

export function AppRouterNavigation({ children }: { children: ReactNode }) {
  const router = useRouter();
  const navigation = useMemo<Navigation>(
    () => ({ go: (url) => router.push(url), replace: (url) => router.replace(url), refresh: () => router.refresh() }),
    [router],
  );
  return <NavigationProvider value={navigation}>{children}</NavigationProvider>;
}
