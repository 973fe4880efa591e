import PDFDocument from 'pdfkit';
import fonts from './fonts.cjs';

/**
 * A sheet as data: a title and sections of labelled lines or bullets; rendered by renderPdf. An
 * `alert` section (the allergies on the kitchen sheet) is printed to be seen first: red, bold, larger.
 */
export interface Sheet {
  title: string;
  subtitle: string;
  sections: { heading: string; alert?: boolean; lines: ({ label: string; value: string } | { bullet: string })[] }[];
}

/** The alert's red (antd's red-8: 7.6:1 on white, printed legibly in greyscale too). */
const ALERT = '#a8071a';

/** Type sizes (pt): read at arm's length on a pass or a kitchen wall; the body never under 11. */
export const SHEET_TYPE = { title: 24, subtitle: 14, heading: 16, body: 13 } as const;

export function renderPdf(sheet: Sheet): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: sheet.title, Author: 'Tablée' }, lang: 'fr-FR' });
  doc.registerFont('body', fonts.regular);
  doc.registerFont('bold', fonts.bold);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.font('bold').fontSize(SHEET_TYPE.title).text(sheet.title);
  doc.font('body').fontSize(SHEET_TYPE.subtitle).fillColor('#555555').text(sheet.subtitle).fillColor('black');
  for (const section of sheet.sections) {
    if (section.alert) {
      doc
        .moveDown(1.2)
        .font('bold')
        .fontSize(SHEET_TYPE.heading + 2)
        .fillColor(ALERT)
        .text(section.heading.toUpperCase());
      doc.moveDown(0.4).fontSize(SHEET_TYPE.heading);
      for (const line of section.lines) doc.text('bullet' in line ? line.bullet : `${line.label} : ${line.value}`, { lineGap: 4 });
      doc.fillColor('black');
      continue;
    }
    doc.moveDown(1.2).font('bold').fontSize(SHEET_TYPE.heading).text(section.heading);
    doc.moveDown(0.4).fontSize(SHEET_TYPE.body);
    for (const line of section.lines) {
      if ('bullet' in line) {
        doc.font('body').text(`•  ${line.bullet}`, { indent: 12, lineGap: 4 });
      } else {
        doc.font('bold').text(`${line.label} : `, { continued: true, lineGap: 4 });
        doc.font('body').text(line.value, { lineGap: 4 });
      }
    }
  }
  doc.end();
  return done;
}
