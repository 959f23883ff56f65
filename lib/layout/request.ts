// What a Pages Router staff page (pages/transactions/…, docs/decisions/lists-without-runtime.md)
// needs around its feature's view, and may import: Next.js refuses any module marked "server-only"
// in the Pages Router's build, as the database and every use case are, so the server hands each
// page its function when it starts (lib/startup.ts), in a slot on globalThis (lib/http/page-slot.ts,
// each feature's page-bridge.ts); the page reads its request's headers and query, asks, and
// answers with the status and props here.
import type { IncomingHttpHeaders, ServerResponse } from "node:http";
import type { GetServerSidePropsContext, GetServerSidePropsResult } from "next";
import type { PageRequest, StaffAnswer } from "./types";

/** A request's headers as a Headers object, from Node's request (one value per name, as sent). */
export function headersOf(raw: IncomingHttpHeaders): Headers {
  const headers = new Headers();
  for (const [k, v] of Object.entries(raw)) {
    if (typeof v === "string") headers.set(k, v);
    else if (Array.isArray(v)) for (const one of v) headers.append(k, one);
  }
  return headers;
}

/** A page's props: its answer's frame, status and view, and the address it was asked at (Try again). */
export type StaffProps<V> = Extract<StaffAnswer<V>, { kind: "page" }> & { url: string };

/**
 * A form's body (application/x-www-form-urlencoded), up to `max` characters as sent (a field's
 * text %-escaped: a character may take nine). A longer body is not read on: null, never a form cut
 * short, so no field is ever taken shortened.
 */
export async function formOf(req: AsyncIterable<unknown>, max = 4_096): Promise<URLSearchParams | null> {
  let text = "";
  for await (const chunk of req) {
    text += String(chunk);
    if (text.length > max) return null;
  }
  return new URLSearchParams(text);
}

/** The request as a page's function takes it. */
export function pageRequest({ req, query }: Pick<GetServerSidePropsContext, "req" | "query">): PageRequest {
  return { headers: headersOf(req.headers), query };
}

/**
 * getServerSideProps's answer: the redirect, or the page with its status, never kept by a cache.
 * After a form (POST), a redirect is a 303, so that the browser asks for the next page with GET.
 */
export function staffProps<V>(
  answer: StaffAnswer<V>,
  res: ServerResponse,
  url: string,
  method = "GET",
): GetServerSidePropsResult<StaffProps<V>> {
  if (answer.kind === "redirect") {
    return { redirect: method === "POST" ? { destination: answer.to, statusCode: 303 } : { destination: answer.to, permanent: false } };
  }
  res.statusCode = answer.status;
  // As the App Router's dynamic pages.
  res.setHeader("Cache-Control", "private, no-cache, no-store, max-age=0, must-revalidate");
  return { props: { ...answer, url } };
}
