// What an uploaded logo is, from its bytes alone (lib/business/logo.ts): PNG, JPEG and WebP with
// a readable size are accepted whatever they claim to be; SVG, other files, damaged or huge
// images are refused with a reason a person can act on.
import { describe, expect, test } from "vitest";
import { checkLogo, LOGO_MAX_SIDE } from "@/lib/business/logo";
import { LOGO_MAX_BYTES } from "@/lib/business/shape";

/** A real 1×1 PNG. */
const PNG_1X1 = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");

function png(width: number, height: number): Buffer {
  const b = Buffer.from(PNG_1X1);
  b.writeUInt32BE(width, 16);
  b.writeUInt32BE(height, 20);
  return b;
}

/** A JPEG's start: SOI, an APP0 segment, then a baseline frame header of this size. */
function jpeg(width: number, height: number, frameMarker = 0xc0): Buffer {
  const app0 = [0xff, 0xe0, 0x00, 0x10, ...Buffer.from("JFIF\0"), 1, 1, 0, 0, 1, 0, 1, 0, 0];
  const sof = [
    0xff,
    frameMarker,
    0x00,
    0x11,
    8,
    height >> 8,
    height & 0xff,
    width >> 8,
    width & 0xff,
    3,
    1,
    0x22,
    0,
    2,
    0x11,
    1,
    3,
    0x11,
    1,
  ];
  return Buffer.from([0xff, 0xd8, ...app0, ...sof, 0xff, 0xd9]);
}

function riff(chunk: string, payload: number[]): Buffer {
  const body = Buffer.from([...Buffer.from("WEBP"), ...Buffer.from(chunk), payload.length, 0, 0, 0, ...payload]);
  const head = Buffer.alloc(8);
  head.write("RIFF", 0);
  head.writeUInt32LE(body.length, 4);
  return Buffer.concat([head, body, Buffer.alloc(16)]);
}
const u24 = (n: number) => [n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff];
const webpExtended = (w: number, h: number) => riff("VP8X", [0, 0, 0, 0, ...u24(w - 1), ...u24(h - 1)]);
function webpLossless(w: number, h: number) {
  const bits = ((w - 1) & 0x3fff) | (((h - 1) & 0x3fff) << 14);
  return riff("VP8L", [0x2f, bits & 0xff, (bits >>> 8) & 0xff, (bits >>> 16) & 0xff, (bits >>> 24) & 0xff]);
}
const webpLossy = (w: number, h: number) => riff("VP8 ", [0, 0, 0, 0x9d, 0x01, 0x2a, w & 0xff, w >> 8, h & 0xff, h >> 8]);

describe("checkLogo", () => {
  test.each([
    ["a PNG", png(320, 100), "image/png", 320, 100],
    ["a real 1×1 PNG", PNG_1X1, "image/png", 1, 1],
    ["a baseline JPEG", jpeg(640, 480), "image/jpeg", 640, 480],
    ["a progressive JPEG", jpeg(200, 300, 0xc2), "image/jpeg", 200, 300],
    ["an extended WebP", webpExtended(512, 256), "image/webp", 512, 256],
    ["a lossless WebP", webpLossless(128, 64), "image/webp", 128, 64],
    ["a lossy WebP", webpLossy(300, 150), "image/webp", 300, 150],
  ])("%s is accepted with its type and size from its bytes", (_, bytes, type, width, height) => {
    expect(checkLogo(bytes)).toEqual({ ok: true, type, width, height });
  });

  test.each([
    ["an SVG", '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', /SVG logos are not accepted/],
    ["an SVG with an XML prolog and a BOM", '\ufeff<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"/>', /SVG/],
    ["an SVG behind a comment", '<!-- logo -->\n<svg xmlns="http://www.w3.org/2000/svg"/>', /SVG/],
    ["HTML", "<!doctype html><script>alert(1)</script>", /not a PNG, JPEG or WebP/],
    ["a GIF", "GIF89a\u0001\u0000\u0001\u0000", /not a PNG, JPEG or WebP/],
    ["text named .png", "hello, I am a png", /not a PNG, JPEG or WebP/],
  ])("%s is refused", (_, text, message) => {
    const result = checkLogo(Buffer.from(text));
    expect(result.ok).toBe(false);
    expect(!result.ok && result.message).toMatch(message);
  });

  test("an empty file, a file over the limit, a damaged header and a bitmap too large are refused", () => {
    const reason = (b: Uint8Array) => {
      const r = checkLogo(b);
      return r.ok ? null : r.message;
    };
    expect(reason(Buffer.alloc(0))).toMatch(/empty/);
    expect(reason(Buffer.concat([png(10, 10), Buffer.alloc(LOGO_MAX_BYTES)]))).toMatch(/at most 256 kB/);
    expect(reason(Buffer.concat([png(10, 10), Buffer.alloc(LOGO_MAX_BYTES - 100)]))).toBeNull(); // under the limit: fine
    expect(reason(png(0, 10))).toMatch(/damaged/);
    const noIhdr = png(10, 10);
    noIhdr.write("IDAT", 12);
    expect(reason(noIhdr)).toMatch(/damaged/);
    expect(reason(Buffer.from([0xff, 0xd8, 0xff, 0xda, 0, 2, 0, 0, 0, 0, 0, 0]))).toMatch(/damaged/); // scan before any frame
    expect(reason(riff("VP8 ", [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]))).toMatch(/damaged/);
    expect(reason(png(LOGO_MAX_SIDE + 1, 10))).toMatch(/too large: at most 4096 × 4096 pixels/);
    expect(reason(jpeg(100, 60000))).toMatch(/too large/);
    expect(reason(webpExtended(20000, 20000))).toMatch(/too large/);
    expect(reason(png(LOGO_MAX_SIDE, LOGO_MAX_SIDE))).toBeNull();
  });
});
