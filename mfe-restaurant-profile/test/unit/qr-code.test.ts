/**
 * @jest-environment node
 *
 * The request page's QR code as downloaded: a quiet zone of 4 modules all around, as the QR standard
 * (ISO/IEC 18004) asks, so that a phone reads it once printed on a flyer or a menu next to other ink.
 */
import { createRequire } from 'node:module';
import QRCode from 'qrcode';
import { qrCodePng } from '../../src/features/assistant/api/requestPage';

// The PNG decoder the qrcode package itself writes with (one of its dependencies).
const { PNG } = createRequire(require.resolve('qrcode'))('pngjs') as { PNG: { sync: { read(buffer: Buffer): { width: number; height: number; data: Buffer } } } };

test('the PNG has a white border of at least 4 modules on every side', async () => {
  const url = 'https://app.tablee.fr/demande/20000000-0000-4000-8000-000000000001';
  const png = PNG.sync.read(Buffer.from((await qrCodePng(url)).split(',')[1], 'base64'));
  const modules = QRCode.create(url, { errorCorrectionLevel: 'M' }).modules.size;
  const dark = (x: number, y: number) => png.data[(y * png.width + x) * 4] < 128;
  const rows = Array.from({ length: png.height }, (_, y) => Array.from({ length: png.width }, (_, x) => dark(x, y)).some(Boolean));
  const columns = Array.from({ length: png.width }, (_, x) => Array.from({ length: png.height }, (_, y) => dark(x, y)).some(Boolean));
  const top = rows.indexOf(true);
  const left = columns.indexOf(true);
  const bottom = png.height - 1 - rows.lastIndexOf(true);
  const right = png.width - 1 - columns.lastIndexOf(true);
  // The code's own modules span what the border leaves: a module's size in pixels.
  const modulePx = (png.width - left - right) / modules;
  for (const border of [top, left, bottom, right]) expect(border / modulePx).toBeGreaterThanOrEqual(4);
  expect(png.width).toBeGreaterThanOrEqual(512);
});
