// The same sign-in page rendered on every request, as any page that carries a fresh
// Content-Security-Policy nonce must be (Next.js puts the nonce in while it renders): the floor
// of the dashboard's sign-in page, printed beside the static reference (scripts/bench/pages.ts).
import { connection } from "next/server";
import { RefSignInForm } from "../login/sign-in-form";

export default async function RefLoginPerRequest() {
  await connection();
  return <RefSignInForm />;
}
