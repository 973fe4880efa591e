// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- pdf-parse's ambient module, for the browser tests' program too (it does not include this folder's types.d.ts)
/// <reference path="./types.d.ts" />
/** A PDF's text and its font sizes, read with pdf.js (pdf-parse): the service's tests and the browser tests read the sheets with them. */
import pdfParse from 'pdf-parse/lib/pdf-parse.js';

/** A PDF's text, spaces normalised. */
export async function pdfText(pdf: Buffer): Promise<string> {
  // A plain Uint8Array: given the Node Buffer itself, pdf.js 1.10 failed the first document of a
  // process with 'bad XRef entry' (seen on the kitchen sheet test, whatever its content).
  const { text } = await pdfParse(new Uint8Array(pdf));
  return text.replace(/[\u00a0\u202f]/g, ' ');
}

/** The font size (pt) of every run of text of a PDF, read from pdf.js's text items (their transform's scale). */
export async function pdfBodySizes(pdf: Buffer): Promise<number[]> {
  const sizes: number[] = [];
  await pdfParse(new Uint8Array(pdf), {
    pagerender: async (page) => {
      const content = await page.getTextContent();
      for (const item of content.items) if (item.str.trim()) sizes.push(Math.round(Math.hypot(item.transform[2], item.transform[3]) * 10) / 10);
      return '';
    },
  });
  return sizes;
}
