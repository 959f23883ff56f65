// Carries the Set-Cookie headers Better Auth produced onto our own response.
export function withCookies(res: Response, from: Headers): Response {
  for (const cookie of from.getSetCookie()) res.headers.append("set-cookie", cookie);
  return res;
}
