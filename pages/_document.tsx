// The HTML around the Pages Router's pages (only the public pay page, pages/pay/[token].tsx): the
// nonce proxy.ts made for this request goes on every script and style Next.js writes, as the
// page's Content-Security-Policy requires. The App Router reads it from the policy by itself.
import Document, { type DocumentContext, type DocumentInitialProps, Head, Html, Main, NextScript } from "next/document";

type Props = DocumentInitialProps & { nonce?: string };

export default class PublicDocument extends Document<Props> {
  static async getInitialProps(ctx: DocumentContext): Promise<Props> {
    const initial = await Document.getInitialProps(ctx);
    const nonce = ctx.req?.headers["x-nonce"];
    return { ...initial, nonce: typeof nonce === "string" ? nonce : undefined };
  }

  render() {
    const { nonce } = this.props;
    return (
      <Html lang="en">
        <Head nonce={nonce} />
        <body className="antialiased">
          <Main />
          <NextScript nonce={nonce} />
        </body>
      </Html>
    );
  }
}
