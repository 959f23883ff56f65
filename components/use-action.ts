"use client";
// One request a form sends, and where it stands: under way, answered (with the answer), or
// refused (with the error) — the part of React Query's useMutation that a form which only sends
// uses. Pages that poll or share cached answers keep React Query (components/providers.tsx);
// the sign-in page, whose form only sends, loads neither it nor its provider.
import { useRef, useState } from "react";

type State<T> =
  | { status: "idle" | "pending"; data?: undefined; error?: undefined }
  | { status: "success"; data: T }
  | { status: "error"; error: Error };

export function useAction<TVars, TData>(options: {
  send: (vars: TVars) => Promise<TData>;
  onSuccess?: (data: TData, vars: TVars) => void;
  onError?: (error: Error, vars: TVars) => void;
}) {
  const [state, setState] = useState<State<TData>>({ status: "idle" });
  // Each send is numbered: the answer to one made before a reset (or a newer send) is dropped.
  const latest = useRef(0);
  const mutate = (vars: TVars) => {
    const run = ++latest.current;
    setState({ status: "pending" });
    options.send(vars).then(
      (data) => {
        if (run !== latest.current) return;
        setState({ status: "success", data });
        options.onSuccess?.(data, vars);
      },
      (cause: unknown) => {
        if (run !== latest.current) return;
        const error = cause instanceof Error ? cause : new Error(String(cause));
        setState({ status: "error", error });
        options.onError?.(error, vars);
      },
    );
  };
  const reset = () => {
    latest.current++;
    setState({ status: "idle" });
  };
  return {
    mutate,
    reset,
    isPending: state.status === "pending",
    isSuccess: state.status === "success",
    isError: state.status === "error",
    error: state.status === "error" ? state.error : null,
    data: state.status === "success" ? state.data : undefined,
  };
}
