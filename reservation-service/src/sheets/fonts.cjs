/**
 * Where the sheets' fonts are: DejaVu Sans, a Unicode font shipped by the npm package
 * dejavu-fonts-ttf (pdfkit's built-in Helvetica has only Latin-1 glyphs: 'Łukasz' printed '?ukasz').
 * CommonJS on purpose: `require.resolve` finds the package from this file both when the service runs
 * as ES modules (tsx) and when jest loads it as CommonJS, where `import.meta` does not exist.
 */
module.exports = {
  regular: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
  bold: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
};
