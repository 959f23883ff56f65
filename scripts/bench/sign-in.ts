// Signing a benchmark's member in as a person would: the password, then — where their role
// requires two-factor (owners and support by default) — enrolment at the first sign-in, with
// the code computed from the key the API gives (otpauth), as an authenticator app would. Returns
// the Cookie header of the signed-in session.
import * as OTPAuth from "otpauth";

type Jar = Map<string, string>;

const cookieHeader = (jar: Jar) => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");

function keep(jar: Jar, res: Response): void {
  for (const line of res.headers.getSetCookie()) {
    const [pair, ...attributes] = line.split(";");
    const at = pair.indexOf("=");
    const name = pair.slice(0, at).trim();
    const gone = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) || pair.slice(at + 1).trim() === "";
    if (gone) jar.delete(name);
    else jar.set(name, pair.slice(at + 1).trim());
  }
}

async function post(
  base: string,
  path: string,
  jar: Jar,
  body: unknown,
): Promise<{ status: number; json: Record<string, unknown> | null }> {
  const res = await fetch(`${base}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: base, cookie: cookieHeader(jar) },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(15_000),
  });
  keep(jar, res);
  return { status: res.status, json: (await res.json().catch(() => null)) as Record<string, unknown> | null };
}

/** Secrets of the members this process enrolled, so a later sign-in can pass the code step. */
const secrets = new Map<string, string>();

const codeFor = (secret: string) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: Date.now() });

export async function benchSignIn(base: string, email: string, password: string): Promise<string> {
  const jar: Jar = new Map();
  const signedIn = await post(base, "/api/session", jar, { email, password });
  if (signedIn.status !== 200) throw new Error(`sign-in answered ${signedIn.status}: ${JSON.stringify(signedIn.json)}`);
  if (signedIn.json?.twoFactor) {
    const secret = secrets.get(email);
    if (!secret) throw new Error(`${email} has two-factor on, and this process did not enrol them`);
    const step = await post(base, "/api/session/two-factor", jar, { code: codeFor(secret) });
    if (step.status !== 200) throw new Error(`the code step answered ${step.status}: ${JSON.stringify(step.json)}`);
  } else if (signedIn.json?.home === "/two-factor") {
    const started = await post(base, "/api/profile/two-factor", jar, { password });
    const secret = String(started.json?.secret ?? "");
    if (started.status !== 200 || !secret) throw new Error(`enrolment answered ${started.status}: ${JSON.stringify(started.json)}`);
    const confirmed = await post(base, "/api/profile/two-factor/confirm", jar, { code: codeFor(secret) });
    if (confirmed.status !== 200) throw new Error(`confirming enrolment answered ${confirmed.status}`);
    secrets.set(email, secret);
  }
  return cookieHeader(jar);
}
