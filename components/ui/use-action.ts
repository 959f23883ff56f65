"use client";
// One request a form or button sends, and where it stands: under way, answered (with the answer),
// or refused (with the error) — the part of React Query's useMutation that a page which only
// sends uses, with the same names (mutate, mutateAsync, reset, isPending, …). Pages that poll or
// share cached answers keep React Query (components/ui/providers.tsx); the pages whose components
// only send (sign-in, the team, the profile, the business settings, a customer's form and
// import, a bulk upload, set-up, an invitation, two-factor) load neither it nor its provider.
import { useRef, useState } from "react";

type State<T> = { status: "idle" } | { status: "pending" } | { status: "success"; data: T } | { status: "error"; error: Error };

/** Where the latest send stands, shaped so that `isError` and `isSuccess` narrow `error` and `data`. */
type Outcome<T> =
  | { isPending: boolean; isSuccess: false; isError: false; error: null; data: undefined }
  | { isPending: false; isSuccess: true; isError: false; error: null; data: T }
  | { isPending: false; isSuccess: false; isError: true; error: Error; data: undefined };

function outcomeOf<T>(state: State<T>): Outcome<T> {
  switch (state.status) {
    case "success":
      return { isPending: false, isSuccess: true, isError: false, error: null, data: state.data };
    case "error":
      return { isPending: false, isSuccess: false, isError: true, error: state.error, data: undefined };
    default:
      return { isPending: state.status === "pending", isSuccess: false, isError: false, error: null, data: undefined };
  }
}

export function useAction<TVars = void, TData = unknown>(options: {
  send: (vars: TVars) => Promise<TData>;
  onSuccess?: (data: TData, vars: TVars) => void;
  onError?: (error: Error, vars: TVars) => void;
}) {
  const [state, setState] = useState<State<TData>>({ status: "idle" });
  // What the latest send was given (which row's button is busy), until a reset.
  const [variables, setVariables] = useState<TVars | undefined>(undefined);
  // Each send is numbered: the answer to one made before a reset (or a newer send) is dropped.
  const latest = useRef(0);
  /** Sends; resolves with the answer or rejects with the error, as the state records them. */
  const mutateAsync = (vars: TVars): Promise<TData> => {
    const run = ++latest.current;
    setState({ status: "pending" });
    setVariables(vars);
    return options.send(vars).then(
      (data) => {
        if (run === latest.current) {
          setState({ status: "success", data });
          options.onSuccess?.(data, vars);
        }
        return data;
      },
      (cause: unknown) => {
        const error = cause instanceof Error ? cause : new Error(String(cause));
        if (run === latest.current) {
          setState({ status: "error", error });
          options.onError?.(error, vars);
        }
        throw error;
      },
    );
  };
  /** Sends, and leaves the outcome to the state and the callbacks. */
  const mutate = (vars: TVars) => {
    mutateAsync(vars).catch(() => {});
  };
  const reset = () => {
    latest.current++;
    setState({ status: "idle" });
    setVariables(undefined);
  };
  return { mutate, mutateAsync, reset, variables, ...outcomeOf(state) };
}
