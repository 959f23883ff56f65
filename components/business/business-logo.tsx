// The business's logo, as the owner uploaded it: PNG, JPEG or WebP from our own route
// (/api/business/logo?v=…, cached per version), already small, so a plain <img>: next/image's
// optimiser would fetch it again without the member's session.
export function BusinessLogo({ src, alt, className }: { src: string; alt: string; className: string }) {
  // biome-ignore lint/performance/noImgElement: see above
  return <img src={src} alt={alt} className={`w-auto object-contain ${className}`} />;
}
