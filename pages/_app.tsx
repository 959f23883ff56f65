// The Pages Router's shell: the dashboard's styles (colours, light and dark), nothing of its
// layout, session or data clients: the public pay page loads only what it shows.
import type { AppProps } from "next/app";
import "@/app/globals.css";

export default function PublicApp({ Component, pageProps }: AppProps) {
  return <Component {...pageProps} />;
}
