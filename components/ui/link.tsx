// The app's links: next/link without prefetching (docs/architecture.md, "Working on the code").
// Every page here is rendered per request, so a prefetch brings only the shared layout's part —
// nothing that makes the click faster — yet each link in view costs the server a request (the
// proxy, the session, the layout) and the phone the work of reading its answer, in the seconds
// after the page loads when the phone is busiest. A link that should prefetch says so.
import NextLink from "next/link";
import type { ComponentProps } from "react";

export default function Link(props: ComponentProps<typeof NextLink>) {
  return <NextLink prefetch={false} {...props} />;
}
