/**
 * A pdfkit document that reads each standard font's metrics once per process, not once per PDF. pdfkit
 * builds a font's tables of widths and kerning pairs (thousands of entries for Helvetica) every time a
 * document first uses the font: about a sixth of a PDF's time, paid twice per document (regular and bold)
 * by the month's ZIP. The tables are only read after they are built, so every document may share them; each
 * document still gets a font object of its own (its own id and its own reference in its own file), and the
 * bytes it writes are the same (pdf-fonts.server.test.ts).
 *
 * It leans on two fields pdfkit keeps for itself (`_fontFamilies`, `_fontCount`, pdfkit 0.17 to 0.20) and
 * checks them: were they gone, it would leave pdfkit to do as it always did.
 */
import PDFDocument from "pdfkit";

type Doc = InstanceType<typeof PDFDocument>;
interface FontInternals {
  _fontFamilies?: Record<string, object>;
  _fontCount?: number;
}

const STANDARD = new Set([
  "Courier",
  "Courier-Bold",
  "Courier-Oblique",
  "Courier-BoldOblique",
  "Helvetica",
  "Helvetica-Bold",
  "Helvetica-Oblique",
  "Helvetica-BoldOblique",
  "Times-Roman",
  "Times-Bold",
  "Times-Italic",
  "Times-BoldItalic",
  "Symbol",
  "ZapfDingbats",
]);

/** The first font object pdfkit made of each standard font, without its document: a model for the others. */
const models = new Map<string, object>();

/** A copy of the model for one more document: its own fields, the model's metrics. */
function fontFor(document: Doc | null, model: object, id: string): object {
  const font = Object.assign(Object.create(Object.getPrototypeOf(model)), model, { document, id });
  delete font.dictionary;
  delete font.embedded;
  return font;
}

export class SharedFontsDocument extends PDFDocument {
  // pdfkit's own constructor calls this for its default font: it runs before any field of this class exists.
  override font(src: Parameters<Doc["font"]>[0], family?: unknown, size?: number): this {
    const internals = this as unknown as FontInternals;
    const standard = typeof src === "string" && STANDARD.has(src) && typeof family !== "string";
    const families = internals._fontFamilies;
    if (!standard || !families || typeof internals._fontCount !== "number" || families[src]) {
      return (super.font as (...args: unknown[]) => this)(src, family, size);
    }
    const model = models.get(src);
    if (model) {
      internals._fontCount += 1;
      families[src] = fontFor(this, model, `F${internals._fontCount}`);
      return (super.font as (...args: unknown[]) => this)(src, family, size);
    }
    (super.font as (...args: unknown[]) => this)(src, family, size);
    const made = families[src] as { font?: unknown } | undefined;
    if (made?.font) models.set(src, fontFor(null, made, ""));
    return this;
  }
}
