// The benchmark's reference pages (scripts/bench/pages.ts): what a plain Next.js app spends to
// serve a signed-in list of 50 charges and a sign-in page, beside the dashboard's own.
import type { ReactNode } from "react";

export default function RefLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <header>
          <nav aria-label="Main">
            <a href="/ref/list">Transactions</a> <a href="/ref/login">Sign in</a>
          </nav>
        </header>
        <main>{children}</main>
      </body>
    </html>
  );
}
