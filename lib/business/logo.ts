// What an uploaded logo is, read from its own bytes: the declared type (a file name, a
// Content-Type) is never trusted. PNG, JPEG and WebP only: an SVG is a document that can carry
// scripts and links, so it is refused rather than sanitised. The pixel size is read from the
// header too, so a small file that would unpack into an enormous bitmap is refused as well.
import { LOGO_MAX_BYTES } from "./shape";

export const LOGO_TYPES = ["image/png", "image/jpeg", "image/webp"] as const;
export type LogoType = (typeof LOGO_TYPES)[number];
/** Pixels per side; a logo is shown a few dozen pixels high. */
export const LOGO_MAX_SIDE = 4096;

export type LogoCheck = { ok: true; type: LogoType; width: number; height: number } | { ok: false; message: string };

type Size = { width: number; height: number };

const startsWith = (b: Uint8Array, at: number, ascii: string) => [...ascii].every((c, i) => b[at + i] === c.charCodeAt(0));
const u16be = (b: Uint8Array, at: number) => (b[at] << 8) | b[at + 1];
const u16le = (b: Uint8Array, at: number) => b[at] | (b[at + 1] << 8);
const u24le = (b: Uint8Array, at: number) => b[at] | (b[at + 1] << 8) | (b[at + 2] << 16);
const u32be = (b: Uint8Array, at: number) => ((b[at] << 24) | (b[at + 1] << 16) | (b[at + 2] << 8) | b[at + 3]) >>> 0;

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function sniff(b: Uint8Array): LogoType | null {
  if (b.length >= 24 && PNG_SIGNATURE.every((v, i) => b[i] === v)) return "image/png";
  if (b.length >= 4 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return "image/jpeg";
  if (b.length >= 30 && startsWith(b, 0, "RIFF") && startsWith(b, 8, "WEBP")) return "image/webp";
  return null;
}

function pngSize(b: Uint8Array): Size | null {
  // The first chunk must be IHDR: width and height, big-endian.
  return startsWith(b, 12, "IHDR") ? { width: u32be(b, 16), height: u32be(b, 20) } : null;
}

function jpegSize(b: Uint8Array): Size | null {
  // Walk the segments to the first start-of-frame marker, which holds the size.
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1];
    if (marker === 0xff) {
      i += 1; // fill byte
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2; // markers without a length
      continue;
    }
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) return { height: u16be(b, i + 5), width: u16be(b, i + 7) };
    if (marker === 0xd9 || marker === 0xda) return null; // image data or the end before any frame
    i += 2 + u16be(b, i + 2);
  }
  return null;
}

function webpSize(b: Uint8Array): Size | null {
  if (startsWith(b, 12, "VP8X")) return { width: u24le(b, 24) + 1, height: u24le(b, 27) + 1 };
  if (startsWith(b, 12, "VP8L") && b[20] === 0x2f) {
    const bits = (b[21] | (b[22] << 8) | (b[23] << 16) | (b[24] << 24)) >>> 0;
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (startsWith(b, 12, "VP8 ") && b[23] === 0x9d && b[24] === 0x01 && b[25] === 0x2a) {
    return { width: u16le(b, 26) & 0x3fff, height: u16le(b, 28) & 0x3fff };
  }
  return null;
}

function looksLikeSvg(b: Uint8Array): boolean {
  const head = Buffer.from(b.subarray(0, 1024))
    .toString("latin1")
    .replace(/^\ufeff|^\xef\xbb\xbf/, "")
    .trimStart()
    .toLowerCase();
  return head.startsWith("<?xml") || head.startsWith("<svg") || head.startsWith("<!doctype svg") || head.includes("<svg");
}

const SIZE_READERS: Record<LogoType, (b: Uint8Array) => Size | null> = {
  "image/png": pngSize,
  "image/jpeg": jpegSize,
  "image/webp": webpSize,
};

export function checkLogo(bytes: Uint8Array): LogoCheck {
  const fail = (message: string): LogoCheck => ({ ok: false, message });
  if (bytes.length === 0) return fail("Choose an image file: this one is empty.");
  if (bytes.length > LOGO_MAX_BYTES) return fail(`The logo can be at most ${LOGO_MAX_BYTES / 1024} kB.`);
  const type = sniff(bytes);
  if (!type) {
    return looksLikeSvg(bytes)
      ? fail("SVG logos are not accepted (an SVG can carry scripts). Use a PNG, JPEG or WebP image.")
      : fail("This file is not a PNG, JPEG or WebP image.");
  }
  const size = SIZE_READERS[type](bytes);
  if (!size || size.width < 1 || size.height < 1) return fail("The image is damaged: its size cannot be read.");
  if (size.width > LOGO_MAX_SIDE || size.height > LOGO_MAX_SIDE)
    return fail(`The image is too large: at most ${LOGO_MAX_SIDE} × ${LOGO_MAX_SIDE} pixels.`);
  return { ok: true, type, ...size };
}
