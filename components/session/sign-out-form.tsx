// Sign out: a form the browser sends itself (POST /api/session/sign-out answers 303 to the sign-in
// page), so it works before the page's scripts have run and with JavaScript off.
export const SIGN_OUT_ACTION = "/api/session/sign-out";

export function SignOutForm({ className = "" }: { className?: string }) {
  return (
    <form method="post" action={SIGN_OUT_ACTION} className="contents">
      <button
        type="submit"
        className={`shrink-0 whitespace-nowrap rounded-lg px-2 py-1 text-sm font-medium text-ink-muted hover:bg-canvas hover:text-ink ${className}`}
      >
        Sign out
      </button>
    </form>
  );
}
