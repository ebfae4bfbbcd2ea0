/**
 * The page's own floor (docs/decisions/0032-the-page-beside-its-twin.md): its twin is the same HTML and CSS
 * with every script removed, served by the same server. Two proxies in front of the bench's server: one passes every byte through (the page),
 * the other removes the scripts from each HTML answer (the twin). Both add the same hop, so the difference
 * between a page's figures and its twin's is what our JavaScript costs, whatever the machine's minute.
 */
import { createServer, request as httpRequest, type IncomingMessage, type Server } from "node:http";
import { promisify } from "node:util";
import { brotliCompress, brotliDecompress, constants, gunzip, gzip } from "node:zlib";

/** Every script element (inline or not) and every module preload; the rest of the page byte for byte. */
export function stripScripts(html: string): string {
  return html.replace(/<script\b[^>]*>[\s\S]*?<\/script\s*>/gi, "").replace(/<link\b[^>]*\brel=["']?modulepreload["']?[^>]*>/gi, "");
}

const codecs = {
  br: {
    decode: promisify(brotliDecompress),
    encode: (body: Buffer) => promisify(brotliCompress)(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
  },
  gzip: { decode: promisify(gunzip), encode: promisify(gzip) },
} as const;

async function readAll(stream: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The twin of an HTML body as the server encoded it, encoded the same way. */
async function twinBody(body: Buffer, encoding: string | undefined): Promise<Buffer> {
  const codec = encoding === "br" || encoding === "gzip" ? codecs[encoding] : undefined;
  const html = (codec ? await codec.decode(body) : body).toString("utf8");
  const stripped = Buffer.from(stripScripts(html), "utf8");
  return codec ? codec.encode(stripped) : stripped;
}

function proxy(targetPort: number, twin: boolean): Server {
  return createServer((incoming, outgoing) => {
    const forwarded = httpRequest(
      { host: "127.0.0.1", port: targetPort, method: incoming.method, path: incoming.url, headers: incoming.headers },
      async (answer) => {
        const isHtml = (answer.headers["content-type"] ?? "").startsWith("text/html");
        if (!twin || !isHtml) {
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(outgoing);
          return;
        }
        const body = await twinBody(await readAll(answer), answer.headers["content-encoding"]);
        const headers = { ...answer.headers, "content-length": String(body.byteLength) };
        delete headers["transfer-encoding"];
        outgoing.writeHead(answer.statusCode ?? 502, headers);
        outgoing.end(body);
      },
    );
    forwarded.on("error", () => outgoing.writeHead(502).end());
    incoming.pipe(forwarded);
  });
}

export interface PageAndTwin {
  pageBase: string;
  twinBase: string;
  stop(): Promise<void>;
}

/** The two proxies, on `pagePort` and `twinPort`, in front of the server on `targetPort`. */
export async function startPageAndTwin(targetPort: number, pagePort: number, twinPort: number): Promise<PageAndTwin> {
  const servers = [proxy(targetPort, false), proxy(targetPort, true)];
  await Promise.all(
    servers.map((server, index) => new Promise<void>((done) => server.listen(index ? twinPort : pagePort, "127.0.0.1", done))),
  );
  return {
    pageBase: `http://localhost:${pagePort}`,
    twinBase: `http://localhost:${twinPort}`,
    stop: async () => {
      await Promise.all(servers.map((server) => new Promise((done) => server.close(done))));
    },
  };
}
