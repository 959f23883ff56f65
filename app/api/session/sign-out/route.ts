// POST /api/session/sign-out – the header's Sign out form (components/session/sign-out-form.tsx):
//                              ends the session and answers 303 to /sign-in, as DELETE /api/session
//                              does for a script. A session already gone is signed out too: 303.
import { withCookies } from "@/lib/http/cookies";
import { route } from "@/lib/session/route";
import { signOut } from "@/lib/auth/sign-in";

export const dynamic = "force-dynamic";

const toSignIn = () => new Response(null, { status: 303, headers: { Location: "/sign-in" } });

const signOutRoute = route(null, { enrolment: true }, async (ctx) => withCookies(toSignIn(), await signOut(ctx)));

export async function POST(req: Request, next: { params: Promise<Record<string, string>> }): Promise<Response> {
  const answer = await signOutRoute(req, next);
  if (answer.status !== 401) return answer;
  // The pipeline's answer carries the request's id; the redirect keeps it.
  const gone = toSignIn();
  const id = answer.headers.get("X-Request-Id");
  if (id) gone.headers.set("X-Request-Id", id);
  return gone;
}
