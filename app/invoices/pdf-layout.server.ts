/**
 * Lays out a document's texts (document-texts.ts) on one A4 page with pdfkit, as a tagged PDF: the language
 * set, the title in the metadata and shown in the viewer's title bar, and a structure tree (headings,
 * paragraphs, a table with header cells) that a screen reader follows in reading order. Rules are drawn as
 * artifacts, outside that tree. Helvetica (standard, not embedded) covers the accents and the euro sign.
 */
import type PDFDocument from "pdfkit";
import type { DocumentTexts } from "./document-texts";
import { SharedFontsDocument } from "./pdf-fonts.server";

export interface PdfMetadata {
  /** BCP 47, e.g. `fr-FR`. */
  language: string;
  title: string;
  author: string;
  /** The document's date of issue: the PDF's creation date, so one document always renders alike. */
  createdAt: Date;
}

const MARGIN = 56;
const PAGE_WIDTH = 595.28;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
const AMOUNT_WIDTH = 120;
const REGULAR = "Helvetica";
const BOLD = "Helvetica-Bold";

/**
 * The standard fonts' encoding (WinAnsi) has no narrow no-break space, which French number formats use
 * ("29,00 €"): pdfkit would print a wrong glyph. A plain no-break space reads the same.
 */
export const pdfSafe = (text: string) => text.replace(/\u202f/g, "\u00a0");

/** `Document`: pdfkit's own class in a test that compares the bytes; the one sharing fonts' metrics otherwise. */
export function renderDocumentPdf(
  texts: DocumentTexts,
  meta: PdfMetadata,
  Document: typeof PDFDocument = SharedFontsDocument,
): Promise<Uint8Array<ArrayBuffer>> {
  const doc = new Document({
    size: "A4",
    margin: MARGIN,
    lang: meta.language,
    tagged: true,
    displayTitle: true,
    pdfVersion: "1.7",
    info: { Title: meta.title, Author: meta.author, Subject: meta.title, CreationDate: meta.createdAt },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Uint8Array<ArrayBuffer>>((resolve, reject) => {
    doc.on("end", () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on("error", reject);
  });
  draw(doc, texts);
  doc.end();
  return finished;
}

type Doc = InstanceType<typeof PDFDocument>;
type Struct = ReturnType<Doc["struct"]>;

function draw(doc: Doc, texts: DocumentTexts) {
  const root = doc.struct("Document");
  doc.addStructure(root);
  // Closures run when their element joins the (attached) tree: add each element as soon as it is made.
  const add = (parent: Struct, tag: string, write: () => void, options: object = {}) => parent.add(doc.struct(tag, options, write));
  const text = (value: string, font = REGULAR, size = 10, x?: number, y?: number, options: object = {}) =>
    doc.font(font).fontSize(size).fillColor("#111111").text(pdfSafe(value), x, y, options);

  add(root, "H1", () => text(texts.title, BOLD, 20));
  doc.moveDown(0.5);
  const facts = table(doc, root);
  for (const fact of texts.facts) {
    const y = doc.y;
    row(doc, facts, [
      { tag: "TH", write: () => text(fact.label, BOLD, 10, MARGIN, y, { width: 150 }) },
      { tag: "TD", write: () => text(fact.value, REGULAR, 10, MARGIN + 160, y, { width: CONTENT_WIDTH - 160 }) },
    ]);
  }
  facts.end();
  if (texts.correction) {
    doc.moveDown(0.5);
    add(root, "P", () => text(texts.correction ?? "", REGULAR, 10, MARGIN, undefined, { width: CONTENT_WIDTH }));
  }

  doc.moveDown(1.5);
  const top = doc.y;
  const columnWidth = CONTENT_WIDTH / 2 - 10;
  let bottom = top;
  for (const [index, party] of [texts.seller, texts.buyer].entries()) {
    const x = MARGIN + index * (columnWidth + 20);
    add(root, "H2", () => text(party.heading, BOLD, 12, x, top, { width: columnWidth }));
    doc.moveDown(0.3);
    add(root, "P", () => text(party.lines.join("\n"), REGULAR, 10, x, undefined, { width: columnWidth }));
    bottom = Math.max(bottom, doc.y);
  }

  doc.y = bottom;
  doc.moveDown(1.5);
  add(root, "H2", () => text(texts.itemsHeading, BOLD, 12, MARGIN));
  doc.moveDown(0.5);
  const items = table(doc, root);
  const amountX = PAGE_WIDTH - MARGIN - AMOUNT_WIDTH;
  const descriptionWidth = CONTENT_WIDTH - AMOUNT_WIDTH - 10;
  const line = (cells: Array<{ tag: string; value: string; font?: string; scope?: string }>) => {
    rule(doc);
    const y = doc.y + 6;
    const [left, right] = cells;
    if (!left || !right) return;
    row(doc, items, [
      { tag: left.tag, scope: left.scope, write: () => text(left.value, left.font ?? REGULAR, 10, MARGIN, y, { width: descriptionWidth }) },
      {
        tag: right.tag,
        scope: right.scope,
        write: () => text(right.value, right.font ?? REGULAR, 10, amountX, y, { width: AMOUNT_WIDTH, align: "right" }),
      },
    ]);
    doc.y += 6;
  };
  line([
    { tag: "TH", value: texts.columns.description, font: BOLD, scope: "Column" },
    { tag: "TH", value: texts.columns.amount, font: BOLD, scope: "Column" },
  ]);
  line([
    { tag: "TD", value: texts.item.description },
    { tag: "TD", value: texts.item.amount },
  ]);
  for (const total of texts.totals) {
    const font = total.strong ? BOLD : REGULAR;
    line([
      { tag: "TH", value: total.label, font, scope: "Row" },
      { tag: "TD", value: total.amount, font },
    ]);
  }
  rule(doc);
  items.end();

  doc.moveDown(1);
  for (const note of texts.notes) add(root, "P", () => text(note, REGULAR, 10, MARGIN, undefined, { width: CONTENT_WIDTH }));
  root.end();
}

function table(doc: Doc, parent: Struct): Struct {
  const element = doc.struct("Table");
  parent.add(element);
  return element;
}

/** One table row, its cells drawn side by side from the same y; the cursor ends below the tallest. */
function row(doc: Doc, parent: Struct, cells: Array<{ tag: string; scope?: string; write: () => void }>) {
  const element = doc.struct("TR");
  parent.add(element);
  let bottom = doc.y;
  for (const cell of cells) {
    element.add(doc.struct(cell.tag, cell.scope ? ({ scope: cell.scope } as object) : {}, cell.write));
    bottom = Math.max(bottom, doc.y);
  }
  element.end();
  doc.y = bottom;
}

/** A thin rule across the page, marked as an artifact: decoration a screen reader skips. */
function rule(doc: Doc) {
  doc.markContent("Artifact", { type: "Layout" });
  doc
    .moveTo(MARGIN, doc.y)
    .lineTo(PAGE_WIDTH - MARGIN, doc.y)
    .lineWidth(0.5)
    .strokeColor("#999999")
    .stroke();
  doc.endMarkedContent();
}
