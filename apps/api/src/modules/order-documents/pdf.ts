import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Font } from 'fontkit';
import type PDFKitDocument from 'pdfkit';
import {
  ORDER_DOCUMENT_TITLES,
  addressLines,
  type OrderDocument,
  type OrderDocumentsResponse,
} from '@shop/shared/order-documents';
import { formatPrice, toCents } from '@shop/shared/money';

/**
 * Packing slips and invoices as one PDF, a page (or more) per order, drawn by pdfkit: no browser
 * on the server. Letter size, whose printable width also fits A4 (decision 043).
 *
 * The text is set in DejaVu Sans (embedded, only the glyphs used), not the built-in Helvetica,
 * whose encoding has Latin-1 letters only: recipients are called Łukasz, Ελένη, Анна or Ayşe.
 * What DejaVu has no glyph for (Chinese, Japanese, Korean) prints as '?'; right-to-left scripts
 * are drawn but not checked for their order. The print page shows every script as written.
 */

const MARGIN = 50;
const INK = '#2a1e17';
const MUTED = '#5e4a3d';
const REGULAR = 'DejaVuSans';
const BOLD = 'DejaVuSans-Bold';

interface Fonts {
  regular: Buffer;
  bold: Buffer;
  /** Both faces have the same characters; one answers for them. */
  glyphs: Font;
}

interface PdfTools {
  PDFDocument: typeof PDFKitDocument;
  fonts: Fonts;
}

let fonts: Fonts | undefined;
let tools: Promise<PdfTools> | undefined;
/**
 * pdfkit, fontkit and the font files, loaded on the first PDF and kept: some 25 MB a process that
 * makes no PDF never holds (issue 23's memory budget).
 */
export function loadPdfTools(): Promise<PdfTools> {
  tools ??= (async () => {
    const [{ default: PDFDocument }, { create: openFont }] = await Promise.all([
      import('pdfkit'),
      import('fontkit'),
    ]);
    const fileOf = (face: string) =>
      readFileSync(createRequire(import.meta.url).resolve(`dejavu-fonts-ttf/ttf/${face}.ttf`));
    const regular = fileOf(REGULAR);
    fonts = { regular, bold: fileOf(BOLD), glyphs: openFont(regular) as Font };
    return { PDFDocument, fonts };
  })();
  return tools;
}

const loadedGlyphs = (): Font => {
  if (!fonts) throw new Error('loadPdfTools() first');
  return fonts.glyphs;
};

/** The text with '?' for each character the font cannot draw (line breaks and spaces stay). */
export function printable(text: string, glyphs: Font = loadedGlyphs()): string {
  let out = '';
  for (const character of text) {
    const point = character.codePointAt(0) ?? 0;
    out += point < 0x20 || glyphs.hasGlyphForCodePoint(point) ? character : '?';
  }
  return out;
}

const money = (dollars: number) => formatPrice(toCents(dollars));

const day = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });

interface Column {
  title: string;
  width: number;
  align?: 'left' | 'right';
  cell: (line: OrderDocument['lines'][number]) => string;
}

function columnsFor(withPrices: boolean): Column[] {
  const columns: Column[] = [
    { title: 'Item', width: withPrices ? 170 : 230, cell: (line) => line.name },
    { title: 'Variant', width: withPrices ? 100 : 130, cell: (line) => line.variantTitle || '—' },
    { title: 'SKU', width: withPrices ? 92 : 102, cell: (line) => line.sku ?? '—' },
    { title: 'Qty', width: 40, align: 'right', cell: (line) => String(line.qty) },
  ];
  if (withPrices)
    columns.push(
      { title: 'Price', width: 55, align: 'right', cell: (line) => money(line.price) },
      { title: 'Total', width: 55, align: 'right', cell: (line) => money(line.total) },
    );
  return columns;
}

function drawTable(pdf: PDFKit.PDFDocument, document: OrderDocument, withPrices: boolean) {
  const columns = columnsFor(withPrices);
  const row = (cells: string[], bold: boolean) => {
    pdf.font(bold ? BOLD : REGULAR).fontSize(10);
    const heights = columns.map((column, i) =>
      pdf.heightOfString(printable(cells[i] ?? ''), { width: column.width - 6 }),
    );
    const height = Math.max(...heights) + 6;
    if (pdf.y + height > pdf.page.height - MARGIN) pdf.addPage();
    const top = pdf.y;
    let x = MARGIN;
    columns.forEach((column, i) => {
      pdf.text(printable(cells[i] ?? ''), x, top + 3, {
        width: column.width - 6,
        align: column.align ?? 'left',
      });
      x += column.width;
    });
    pdf
      .moveTo(MARGIN, top + height)
      .lineTo(x, top + height)
      .strokeColor('#ecdcc6')
      .stroke();
    pdf.x = MARGIN;
    pdf.y = top + height;
  };
  row(
    columns.map((column) => column.title),
    true,
  );
  for (const line of document.lines)
    row(
      columns.map((column) => column.cell(line)),
      false,
    );
}

function drawDocument(
  pdf: PDFKit.PDFDocument,
  shop: OrderDocumentsResponse['shop'],
  kind: OrderDocumentsResponse['kind'],
  document: OrderDocument,
) {
  const width = pdf.page.width - 2 * MARGIN;
  pdf.fillColor(INK).font(BOLD).fontSize(18).text(printable(shop.name));
  pdf.font(REGULAR).fontSize(10).fillColor(MUTED);
  for (const line of addressLines(shop.address)) pdf.text(printable(line));
  pdf.moveDown(1.2);

  const invoice = document.invoice;
  const title = ORDER_DOCUMENT_TITLES[kind];
  pdf
    .fillColor(INK)
    .font(BOLD)
    .fontSize(16)
    .text(invoice ? `${title} ${invoice.number}` : title);
  pdf.font(REGULAR).fontSize(10).moveDown(0.3);
  pdf.text(`Order #${document.number}`);
  pdf.text(`Ordered ${day(document.orderedAt)}`);
  if (invoice) {
    pdf.text(`Invoice date ${day(invoice.issuedAt)}`);
    pdf.text(`Paid ${day(invoice.paidAt)} · ${printable(invoice.payment)}`);
  }
  pdf.moveDown(1);

  pdf.font(BOLD).text(invoice ? 'Bill and ship to' : 'Ship to');
  pdf.font(REGULAR).text(printable(document.recipient.name));
  for (const line of document.recipient.lines) pdf.text(printable(line));
  if (invoice) pdf.text(printable(document.email));
  pdf.moveDown(1);

  drawTable(pdf, document, invoice !== undefined);

  if (invoice) {
    pdf.moveDown(1);
    const amounts: [string, string][] = [
      ['Items', money(invoice.itemsPrice)],
      ...(invoice.discount
        ? ([[`Discount (${invoice.discount.title})`, `-${money(invoice.discount.price)}`]] as [
            string,
            string,
          ][])
        : []),
      ['Shipping', money(invoice.shippingPrice)],
      ['Tax', money(invoice.taxPrice)],
      ['Total', money(invoice.totalPrice)],
    ];
    if (invoice.refundedPrice > 0) amounts.push(['Refunded', `-${money(invoice.refundedPrice)}`]);
    for (const [label, value] of amounts) {
      const top = pdf.y;
      pdf.font(label === 'Total' ? BOLD : REGULAR);
      pdf.text(label, MARGIN + width - 260, top, { width: 160 });
      pdf.text(value, MARGIN + width - 100, top, { width: 100, align: 'right' });
      pdf.x = MARGIN;
    }
  }
}

/** The documents as one PDF file. */
export async function renderDocumentsPdf(response: OrderDocumentsResponse): Promise<Buffer> {
  const { PDFDocument, fonts: faces } = await loadPdfTools();
  const pdf = new PDFDocument({
    size: 'LETTER',
    margin: MARGIN,
    info: {
      Title: `${ORDER_DOCUMENT_TITLES[response.kind]}s, ${response.shop.name}`,
      Author: response.shop.name,
    },
  });
  const { regular, bold } = faces;
  pdf.registerFont(REGULAR, regular);
  pdf.registerFont(BOLD, bold);
  pdf.font(REGULAR);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  response.documents.forEach((document, index) => {
    if (index > 0) pdf.addPage();
    drawDocument(pdf, response.shop, response.kind, document);
  });
  pdf.end();
  return done;
}
