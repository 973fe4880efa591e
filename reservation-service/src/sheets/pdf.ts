import PDFDocument from 'pdfkit';

/** A sheet as data: a title and sections of labelled lines or bullets; rendered by renderPdf. */
export interface Sheet {
  title: string;
  subtitle: string;
  sections: { heading: string; lines: ({ label: string; value: string } | { bullet: string })[] }[];
}

// The built-in Helvetica only has WinAnsi glyphs: fr-FR formats use narrow no-break spaces
// (U+202F) as separators, which would print as nothing or as a wrong glyph.
function printable(text: string): string {
  return text.replace(/[\u202f\u00a0\u2009]/g, ' ').replace(/[^\p{ASCII}\u0080-\u00ff€’‘“”–—…•ŒœŸ]/gu, '?');
}

export function renderPdf(sheet: Sheet): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: printable(sheet.title), Author: 'Tablée' }, lang: 'fr-FR' });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.font('Helvetica-Bold').fontSize(20).text(printable(sheet.title));
  doc.font('Helvetica').fontSize(12).fillColor('#555555').text(printable(sheet.subtitle)).fillColor('black');
  for (const section of sheet.sections) {
    doc.moveDown(1).font('Helvetica-Bold').fontSize(14).text(printable(section.heading));
    doc.moveDown(0.3).fontSize(11);
    for (const line of section.lines) {
      if ('bullet' in line) {
        doc.font('Helvetica').text(`•  ${printable(line.bullet)}`, { indent: 10 });
      } else {
        doc.font('Helvetica-Bold').text(`${printable(line.label)} : `, { continued: true });
        doc.font('Helvetica').text(printable(line.value));
      }
    }
  }
  doc.end();
  return done;
}
