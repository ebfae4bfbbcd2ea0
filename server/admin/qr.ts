/**
 * QR codes as inline SVG (for the otpauth URI when an operator sets up their second factor): no image
 * request that could leak the secret to a log or a cache, and crisp at any zoom.
 */
import QRCode from "qrcode";

const escapeAttribute = (text: string) => text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** An `<svg>` element of `text` as a QR code, announced to screen readers as an image named `label`. */
export async function qrSvg(text: string, label: string): Promise<string> {
  const svg = await QRCode.toString(text, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
  // qrcode writes only rectangles and paths; checking keeps a future version's change from reaching the page unseen.
  if (!svg.startsWith("<svg ") || /<script|href|url\(|<foreignObject|\son\w+=/i.test(svg)) {
    throw new Error("qrSvg: the qrcode package returned unexpected SVG");
  }
  return svg.trim().replace(/^<svg /, `<svg role="img" aria-label="${escapeAttribute(label)}" `);
}
