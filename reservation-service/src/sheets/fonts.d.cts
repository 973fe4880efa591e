/** See fonts.cjs. */
declare const fonts: { regular: string; bold: string };
export = fonts;
