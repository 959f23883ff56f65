// A pay link's share message and the addresses that open WhatsApp and the phone's messages with it:
// the text arrives as written, whatever it holds (&, #, ?, +, %, line breaks, letters outside ASCII
// and emoji), and a directory customer's number in the form each app reads.
import { describe, expect, test } from "vitest";
import { internationalDigits } from "@/lib/market/networks";
import { shareEmailSchema } from "@/lib/payment-requests/schema";
import { SHARE_MESSAGE_MAX, shareMessage, smsHref, whatsappHref } from "@/lib/payment-requests/shape";

const URL = "https://pay.example.test/pay/AbCdEfGhIjKlMnOpQrStUvWx";
const HARD = "Ama & Kofi #3: 50% off?\nPay = here+now — Ɛsi Nyamekyɛ 🙂\r\nLine 3/4";

/** What the app reads from the address's text parameter. */
const textOf = (href: string, param: string) => new URLSearchParams(href.slice(href.indexOf("?") + 1)).get(param);

describe("the share message", () => {
  test("the business, the amount, what it is for and the link", () => {
    expect(
      shareMessage({
        business: "Adjoa's Fabrics",
        amount: { kind: "fixed", minor: 2500 },
        currency: "GHS",
        description: "Order 1042",
        url: URL,
      }),
    ).toBe(`Adjoa's Fabrics: GH₵25.00 for Order 1042. Pay here: ${URL}`);
  });

  test("an open amount says its range; no business name, no prefix", () => {
    expect(
      shareMessage({
        business: "  ",
        amount: { kind: "open", min: 500, max: 100_000 },
        currency: "GHS",
        description: "Donations",
        url: URL,
      }),
    ).toBe(`GH₵5.00 to GH₵1,000.00 for Donations. Pay here: ${URL}`);
  });
});

describe("the share addresses", () => {
  test("WhatsApp: any chat, or the customer's number in international form", () => {
    expect(whatsappHref("Hi", null)).toBe("https://wa.me/?text=Hi");
    expect(whatsappHref("Hi", "0241234567")).toBe("https://wa.me/233241234567?text=Hi");
    expect(internationalDigits("024 123 4567")).toBe("233241234567");
    expect(internationalDigits("+233 24 123 4567")).toBe("233241234567");
  });

  test("SMS: the form iOS and Android both read, to the customer's number or none", () => {
    expect(smsHref("Hi", "0241234567")).toBe("sms:0241234567?&body=Hi");
    expect(smsHref("Hi", null)).toBe("sms:?&body=Hi");
  });

  test("&, #, %, +, line breaks and non-ASCII text arrive whole, and end nothing early", () => {
    const wa = whatsappHref(HARD, "0241234567");
    const sms = smsHref(HARD, null);
    for (const href of [wa, sms]) {
      // Nothing the text holds can start another parameter or a fragment, or break the line.
      expect(href).not.toMatch(/[#\s]/);
      expect(href.split("&").length).toBe(href.startsWith("sms:") ? 2 : 1);
    }
    expect(textOf(wa, "text")).toBe(HARD);
    expect(textOf(sms, "body")).toBe(HARD);
    expect(wa).toContain("%0A");
    expect(wa).toContain("%26");
    expect(wa).toContain("%23");
    expect(sms).toContain("%F0%9F%99%82");
  });
});

describe("the email's message", () => {
  test("trimmed, not empty, capped, plain text (line breaks allowed), each refusal naming the field", () => {
    expect(shareEmailSchema.parse({ message: `  Pay here: ${URL}\n` })).toEqual({ message: `Pay here: ${URL}` });
    expect(shareEmailSchema.parse({ message: "a\nb\tc" }).message).toBe("a\nb\tc");
    for (const message of ["", "   ", "x".repeat(SHARE_MESSAGE_MAX + 1), "bell \u0007", 42, undefined]) {
      const r = shareEmailSchema.safeParse({ message });
      expect(r.success, String(message)).toBe(false);
      expect(r.error?.issues[0].path).toEqual(["message"]);
    }
  });
});
