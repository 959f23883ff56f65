// What the dashboard's email says, in plain text and in simple HTML from the same parts: a
// heading, paragraphs, a list, one link (a path the app's address is put in front of) and the
// business's name to sign. Every part is text; the HTML escapes it.
export type Message = {
  subject: string;
  business: string;
  heading: string;
  paragraphs: string[];
  items?: { title: string; detail: string; path: string }[];
  action?: { label: string; path: string };
};

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function render(m: Message, appUrl: string): { subject: string; text: string; html: string } {
  const link = (path: string) => new URL(path, appUrl).toString();
  const sign = m.business ? `${m.business}, through Momo Dashboard` : "Momo Dashboard";
  const text = [
    m.heading,
    "",
    ...m.paragraphs.flatMap((p) => [p, ""]),
    ...(m.items ?? []).flatMap((i) => [`- ${i.title}`, `  ${i.detail}`, `  ${link(i.path)}`, ""]),
    ...(m.action ? [`${m.action.label}: ${link(m.action.path)}`, ""] : []),
    `— ${sign}`,
  ].join("\n");
  const html = [
    '<div style="font-family:system-ui,sans-serif;line-height:1.5;color:#111;max-width:560px">',
    `<h1 style="font-size:20px">${escapeHtml(m.heading)}</h1>`,
    ...m.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    m.items?.length
      ? `<ul>${m.items.map((i) => `<li><a href="${escapeHtml(link(i.path))}">${escapeHtml(i.title)}</a><br>${escapeHtml(i.detail)}</li>`).join("")}</ul>`
      : "",
    m.action ? `<p><a href="${escapeHtml(link(m.action.path))}">${escapeHtml(m.action.label)}</a></p>` : "",
    `<p style="color:#555">— ${escapeHtml(sign)}</p>`,
    "</div>",
  ].join("");
  return { subject: m.subject, text, html };
}
