// A form's checks, loaded when the form is first used rather than with the page.
//
// Every form checks its fields in the browser with the same zod schema the server parses its body
// with (lib/<feature>/schema.ts). zod and the schema are about 10 kB of gzip and, on a mid-range
// phone, over 100 ms of building schemas while the page hydrates — for checks that run only once
// someone types. So the schema module (and the resolver that reads it) is imported on the form's
// first focus, or at the latest on its first check, and the page loads without it
// (docs/benchmarks.md, "JavaScript per page"). The server checks every body again whatever the
// browser did.
import type { FieldErrors, FieldValues, Resolver } from "react-hook-form";
import type { $ZodType } from "zod/v4/core";
import { onFirstUse } from "./on-first-use";

/** What the form says when its checks could not be loaded (a lost connection, a new deployment). */
export const CHECKS_UNAVAILABLE = "The form's checks could not be loaded: check your connection and try again. Nothing was sent.";

export type LazyResolver<Input extends FieldValues, Output> = Resolver<Input, unknown, Output> & {
  /** Starts loading the checks (the form's onFocus), so that they are there by the first check. */
  preload: () => void;
};

/**
 * A react-hook-form resolver for the schema that `load` imports. Made once per form module (not
 * per render). A failed import is not kept: the next check tries again, and until then the form
 * shows CHECKS_UNAVAILABLE as its root error and sends nothing.
 */
export function lazyZodResolver<Input extends FieldValues, Output = Input>(load: () => Promise<$ZodType>): LazyResolver<Input, Output> {
  const get = onFirstUse(() =>
    Promise.all([import("@hookform/resolvers/zod"), load()]).then(
      ([{ zodResolver }, schema]) => zodResolver(schema as never) as unknown as Resolver<Input, unknown, Output>,
    ),
  );
  const resolver: Resolver<Input, unknown, Output> = async (values, context, options) => {
    let resolve: Resolver<Input, unknown, Output>;
    try {
      resolve = await get();
    } catch {
      const errors = { root: { type: "checks_unavailable", message: CHECKS_UNAVAILABLE } } as FieldErrors<Input>;
      return { values: {}, errors };
    }
    return resolve(values, context, options);
  };
  return Object.assign(resolver, {
    preload: () => {
      get().catch(() => {});
    },
  });
}
