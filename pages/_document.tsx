// The HTML around the Pages Router's pages (the public pay page, pages/pay/[token].tsx, and the
// staff lists, pages/transactions/…): the nonce proxy.ts made for this request goes on every
// script and style Next.js writes, as the page's Content-Security-Policy requires (the App Router
// reads it from the policy by itself). A staff page's props carry its frame
// (lib/layout/types.ts): the member's colour scheme on <html> and the re-authentication
// window on <body>, as app/layout.tsx puts them.
import Document, { type DocumentContext, type DocumentInitialProps, Head, Html, Main, NextScript } from "next/document";
import type { PageFrame } from "@/lib/layout/types";

type Props = DocumentInitialProps & { nonce?: string };

export default class PagesDocument extends Document<Props> {
  static async getInitialProps(ctx: DocumentContext): Promise<Props> {
    const initial = await Document.getInitialProps(ctx);
    const nonce = ctx.req?.headers["x-nonce"];
    return { ...initial, nonce: typeof nonce === "string" ? nonce : undefined };
  }

  render() {
    const { nonce } = this.props;
    const frame = (this.props.__NEXT_DATA__.props?.pageProps as { frame?: PageFrame } | undefined)?.frame;
    return (
      <Html lang="en" data-theme={frame?.theme}>
        <Head nonce={nonce} />
        {frame ? (
          <body className="min-h-screen font-sans" data-proof-minutes={frame.proofMinutes}>
            <Main />
            <NextScript nonce={nonce} />
          </body>
        ) : (
          <body className="antialiased">
            <Main />
            <NextScript nonce={nonce} />
          </body>
        )}
      </Html>
    );
  }
}
