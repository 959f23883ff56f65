// Where a component goes after what it did: another page (go, replace) or this page's data again
// (refresh). On a page served without the framework's runtime (an island, ./island-client.tsx)
// the next page loads as a document and refresh gives each island its new props; on an App
// Router page the layout provides the router's own (components/layout/app-router-navigation.tsx).
// Components use this rather than next/navigation, so they work on both.
import { createContext, useContext } from "react";
import { NEXT_TOAST } from "./toast";

/** `toast`: what the next page says as it opens ("Ama Mensah is in the directory"). */
type GoOptions = { toast?: string };

export type Navigation = {
  /** To another page, kept in the history. */
  go(url: string, options?: GoOptions): void;
  /** To another page in this one's place (after signing in: Back does not return to the form). */
  replace(url: string): void;
  /** This page's data again, keeping what the person has typed. */
  refresh(): void;
};

/** The event that asks the page's islands for their data again (./island-client.tsx). */
export const REFRESH_ISLANDS = "islands:refresh";

/** Set once the page is being left: its data is not asked for again on the way out (nor after Back brings it back from the browser's cache). */
let leaving = false;
if (typeof window !== "undefined") window.addEventListener("pageshow", () => (leaving = false));

const documentNavigation: Navigation = {
  go: (url, options) => {
    leaving = true;
    if (options?.toast) {
      try {
        sessionStorage.setItem(NEXT_TOAST, options.toast);
      } catch {
        // No storage (a private window that refuses it): the next page opens without the word.
      }
    }
    location.assign(url);
  },
  replace: (url) => {
    leaving = true;
    location.replace(url);
  },
  refresh: () => {
    if (!leaving) dispatchEvent(new Event(REFRESH_ISLANDS));
  },
};

const NavigationContext = createContext<Navigation>(documentNavigation);

export const NavigationProvider = NavigationContext.Provider;

export function useNavigation(): Navigation {
  return useContext(NavigationContext);
}
