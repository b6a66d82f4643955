// Draws the extension's icon, images/icon.png (128×128): three bars of a balancer's shares
// (70 / 30 / standby) on a blue tile. `node scripts/make-icon.mjs`; no dependencies.
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const SIZE = 128;
const pixels = Buffer.alloc(SIZE * SIZE * 4);
function inRoundedSquare(x, y, radius) {
  const cx = Math.min(Math.max(x, radius), SIZE - 1 - radius);
  const cy = Math.min(Math.max(y, radius), SIZE - 1 - radius);
  return (x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2;
}
const bars = [
  { y: 30, width: 84, color: [255, 255, 255] },
  { y: 58, width: 36, color: [255, 255, 255] },
  { y: 86, width: 12, color: [150, 190, 240] },
];
for (let y = 0; y < SIZE; y++) {
  for (let x = 0; x < SIZE; x++) {
    const at = (y * SIZE + x) * 4;
    if (!inRoundedSquare(x, y, 22)) continue;
    let color = [28, 92, 170];
    for (const bar of bars) if (y >= bar.y && y < bar.y + 14 && x >= 22 && x < 22 + bar.width) color = bar.color;
    pixels.set([...color, 255], at);
  }
}
const raw = Buffer.alloc(SIZE * (SIZE * 4 + 1));
for (let y = 0; y < SIZE; y++) pixels.copy(raw, y * (SIZE * 4 + 1) + 1, y * SIZE * 4, (y + 1) * SIZE * 4);
const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buffer) {
  let c = 0xffffffff;
  for (const byte of buffer) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'ascii');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}
const header = Buffer.alloc(13);
header.writeUInt32BE(SIZE, 0);
header.writeUInt32BE(SIZE, 4);
header.set([8, 6, 0, 0, 0], 8);
const png = Buffer.concat([
  Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
  chunk('IHDR', header),
  chunk('IDAT', deflateSync(raw, { level: 9 })),
  chunk('IEND', Buffer.alloc(0)),
]);
writeFileSync(new URL('../images/icon.png', import.meta.url), png);
