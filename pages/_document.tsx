// The HTML around the Pages Router's pages (the public pay page, pages/pay/[token].tsx, and the
// staff lists, pages/transactions/…): the nonce proxy.ts made for this request goes on every
// script and style Next.js writes, as the page's Content-Security-Policy requires (the App Router
// reads it from the policy by itself). A staff page's props carry its frame
// (lib/layout/types.ts): the member's colour scheme on <html> and the re-authentication
// window on <body>, as app/layout.tsx puts them. A page with islands gets their script in <head>
// (components/layout/island-script.ts).
import Document, { type DocumentContext, type DocumentInitialProps, Head, Html, Main, NextScript } from "next/document";
import { islandScript } from "@/components/layout/island-script";
import type { IslandFiles, PageFrame } from "@/lib/layout/types";

type Props = DocumentInitialProps & { nonce?: string };

export default class PagesDocument extends Document<Props> {
  static async getInitialProps(ctx: DocumentContext): Promise<Props> {
    const initial = await Document.getInitialProps(ctx);
    const nonce = ctx.req?.headers["x-nonce"];
    return { ...initial, nonce: typeof nonce === "string" ? nonce : undefined };
  }

  render() {
    const { nonce } = this.props;
    const page = this.props.__NEXT_DATA__.props?.pageProps as { frame?: PageFrame; files?: IslandFiles | null } | undefined;
    const frame = page?.frame;
    return (
      <Html lang="en" data-theme={frame?.theme}>
        <Head nonce={nonce}>
          {page?.files?.modules.length ? (
            // biome-ignore lint/security/noDangerouslySetInnerHtml: our own script's text (components/layout/island-script.ts)
            <script nonce={nonce} dangerouslySetInnerHTML={{ __html: islandScript() }} />
          ) : null}
        </Head>
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
