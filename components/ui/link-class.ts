// A link's look, without next/link: for an <a> that is no page of the app (a download, a tel: or
// mailto:), and for the links of an island (components/ui/island.tsx), which runs without the
// framework and whose links are plain.

/**
 * Inside a sentence a link is the text's size (WCAG 2.5.5 exempts it, tests/e2e/support/tap-targets.ts
 * too); a link that stands alone is a 44 px target (`tap`, app/globals.css).
 */
export const textLinkClass = ({ tap = false, className = "" }: { tap?: boolean; className?: string } = {}) =>
  `${tap ? "tap " : ""}font-medium text-link underline ${className}`.trim();
