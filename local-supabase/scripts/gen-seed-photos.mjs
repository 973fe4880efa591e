// Writes the demo photos of supabase/seed.sql (640x427 PNG gradients with soft
// light spots) under supabase/seed/storage/restaurant-photos/. Deterministic:
// the byte sizes recorded in seed.sql stay valid. Usage: node gen-seed-photos.mjs
import { deflateSync } from 'node:zlib';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '../../supabase/seed/storage/restaurant-photos');
const R1 = '20000000-0000-4000-8000-000000000001';
const R2 = '20000000-0000-4000-8000-000000000002';
// [folder, file, top-left colour, bottom-right colour, spot colour]
const photos = [
  [R1, '1763640000000-salle.png', [122, 44, 28], [236, 170, 92], [255, 226, 160]],
  [R1, '1763640000001-comptoir.png', [40, 30, 24], [178, 110, 60], [255, 200, 120]],
  [R1, '1763640000002-quenelle.png', [214, 196, 170], [150, 60, 40], [255, 250, 235]],
  [R1, '1763640000003-terrasse.png', [70, 120, 160], [230, 200, 140], [255, 255, 220]],
  [R2, '1763640000100-salle.png', [60, 20, 40], [200, 140, 150], [255, 220, 230]],
  [R2, '1763640000101-cave.png', [30, 12, 18], [120, 30, 50], [230, 160, 120]],
  [R2, '1763640000102-canele.png', [240, 220, 190], [110, 55, 20], [255, 240, 210]],
];
const W = 640,
  H = 427;
const crcTable = Array.from({ length: 256 }, (_, n) => {
  for (let k = 0; k < 8; k++) n = n & 1 ? 0xedb88320 ^ (n >>> 1) : n >>> 1;
  return n >>> 0;
});
const crc = (buf) => {
  let c = ~0;
  for (const b of buf) c = crcTable[(c ^ b) & 255] ^ (c >>> 8);
  return ~c >>> 0;
};
const chunk = (type, data) => {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'ascii');
  data.copy(out, 8);
  out.writeUInt32BE(crc(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
};
photos.forEach(([folder, file, a, b, spot], p) => {
  // Seeded spots so each picture differs but never changes between runs.
  let seed = 1234 + p * 97;
  const rnd = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  const spots = Array.from({ length: 7 }, () => [rnd() * W, rnd() * H, 30 + rnd() * 90, 0.25 + rnd() * 0.5]);
  const raw = Buffer.alloc((W * 3 + 1) * H);
  for (let y = 0; y < H; y++) {
    const row = y * (W * 3 + 1);
    raw[row] = 1; // filter Sub: smooth gradients deflate well
    for (let x = 0; x < W; x++) {
      const t = (x / W + y / H) / 2;
      let light = 0;
      for (const [sx, sy, r, k] of spots) light += k * Math.exp(-((x - sx) ** 2 + (y - sy) ** 2) / (r * r));
      light = Math.min(light, 1);
      for (let c = 0; c < 3; c++) {
        const base = a[c] + (b[c] - a[c]) * t;
        raw[row + 1 + x * 3 + c] = Math.round(base + (spot[c] - base) * light);
      }
    }
    for (let i = W * 3; i > 3; i--) raw[row + i] = (raw[row + i] - raw[row + i - 3]) & 255;
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(W, 0);
  ihdr.writeUInt32BE(H, 4);
  ihdr[8] = 8;
  ihdr[9] = 2; // 8-bit RGB
  const png = Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
  mkdirSync(join(root, folder), { recursive: true });
  writeFileSync(join(root, folder, file), png);
  console.log(`${folder}/${file} ${png.length}`);
});
