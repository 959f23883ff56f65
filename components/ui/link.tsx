// The app's links: next/link without prefetching (docs/architecture.md, "Working on the code").
// Every page here is rendered per request, so a prefetch brings only the shared layout's part —
// nothing that makes the click faster — yet each link in view costs the server a request (the
// proxy, the session, the layout) and the phone the work of reading its answer, in the seconds
// after the page loads when the phone is busiest. A link that should prefetch says so.
import NextLink from "next/link";
import type { ComponentProps } from "react";
import { type ButtonVariant, buttonClass } from "./button-class";

type LinkProps = ComponentProps<typeof NextLink>;

export default function Link(props: LinkProps) {
  return <NextLink prefetch={false} {...props} />;
}

/**
 * A link's look. Inside a sentence it is the text's size (WCAG 2.5.5 exempts it,
 * tests/e2e/support/tap-targets.ts too); a link that stands alone is a 44 px target (`tap`,
 * app/globals.css). For an <a> that is no page of the app (a download, a tel: or mailto:).
 */
export const textLinkClass = ({ tap = false, className = "" }: { tap?: boolean; className?: string } = {}) =>
  `${tap ? "tap " : ""}font-medium text-link underline ${className}`.trim();

/** A link in the app's link look: `tap` where it stands alone rather than in a sentence. */
export function TextLink({ tap, className, ...props }: LinkProps & { tap?: boolean }) {
  return <Link className={textLinkClass({ tap, className })} {...props} />;
}

/** A link that looks like a button: a step to take (New pay link, Add customer). */
export function ButtonLink({ variant, className = "", ...props }: LinkProps & { variant?: ButtonVariant }) {
  return <Link className={`${buttonClass(variant)} ${className}`.trim()} {...props} />;
}
