declare module 'pdf-parse/lib/pdf-parse.js' {
  /** A page as pdf.js gives it to `pagerender`: its text items carry their transform (scale = font size). */
  interface PdfPage {
    getTextContent: () => Promise<{ items: { str: string; transform: number[] }[] }>;
  }
  const pdfParse: (data: Uint8Array, options?: { pagerender?: (page: PdfPage) => Promise<string> }) => Promise<{ text: string; numpages: number }>;
  export default pdfParse;
}
