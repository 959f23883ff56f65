// The app's links: next/link without prefetching (docs/architecture.md, "Working on the code").
// Every page here is rendered per request, so a prefetch brings only the shared layout's part —
// nothing that makes the click faster — yet each link in view costs the server a request (the
// proxy, the session, the layout) and the phone the work of reading its answer, in the seconds
// after the page loads when the phone is busiest. A link that should prefetch says so.
import NextLink from "next/link";
import type { ComponentProps } from "react";
import { type ButtonVariant, buttonClass } from "./button-class";
import { textLinkClass } from "./link-class";

type LinkProps = ComponentProps<typeof NextLink>;

export default function Link(props: LinkProps) {
  return <NextLink prefetch={false} {...props} />;
}

/** A link in the app's link look: `tap` where it stands alone rather than in a sentence. */
export function TextLink({ tap, className, ...props }: LinkProps & { tap?: boolean }) {
  return <Link className={textLinkClass({ tap, className })} {...props} />;
}

/** A link that looks like a button: a step to take (New pay link, Add customer). */
export function ButtonLink({ variant, className = "", ...props }: LinkProps & { variant?: ButtonVariant }) {
  return <Link className={`${buttonClass(variant)} ${className}`.trim()} {...props} />;
}
