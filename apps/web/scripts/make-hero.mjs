/**
 * Draws the home page's hero image (an industrial composition: gears, a steel frame, a bearing, sparks
 * and a blueprint grid) as SVG and renders it to WebP with sharp. The output is committed:
 * apps/web/src/assets/hero-{768,1600}.webp. Run again after changing the drawing:
 *   node apps/web/scripts/make-hero.mjs
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const W = 1600;
const H = 900;
const outDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/assets');

/** A gear outline centred at (0, 0): `teeth` trapezoid teeth between radii r (root) and R (tip). */
function gearPath(teeth, r, R) {
  const parts = [];
  const step = (Math.PI * 2) / teeth;
  for (let i = 0; i < teeth; i += 1) {
    const a = i * step;
    const pts = [
      [r, a - step * 0.32],
      [R, a - step * 0.18],
      [R, a + step * 0.18],
      [r, a + step * 0.32],
    ];
    for (const [rad, ang] of pts) {
      parts.push(
        `${parts.length === 0 ? 'M' : 'L'}${(rad * Math.cos(ang)).toFixed(1)},${(rad * Math.sin(ang)).toFixed(1)}`,
      );
    }
  }
  return `${parts.join(' ')} Z`;
}

function gear({ x, y, teeth, r, R, hole, spokes = 0, fill, rotate = 0, opacity = 1 }) {
  const spokeEls = [];
  for (let i = 0; i < spokes; i += 1) {
    const a = (i * 360) / spokes;
    spokeEls.push(
      `<rect x="${-r * 0.08}" y="${hole}" width="${r * 0.16}" height="${r * 0.62 - hole}" rx="${r * 0.04}" transform="rotate(${a})" fill="${fill}"/>`,
    );
  }
  const rim = spokes
    ? `<circle r="${r * 0.7}" fill="none" stroke="${fill}" stroke-width="${r * 0.16}"/>${spokeEls.join('')}<circle r="${hole * 1.6}" fill="${fill}"/>`
    : '';
  const body = spokes
    ? `<path d="${gearPath(teeth, r, R)} M${r * 0.78},0 A${r * 0.78},${r * 0.78} 0 1 0 ${-r * 0.78},0 A${r * 0.78},${r * 0.78} 0 1 0 ${r * 0.78},0 Z" fill="${fill}" fill-rule="evenodd"/>`
    : `<path d="${gearPath(teeth, r, R)} M${hole},0 A${hole},${hole} 0 1 0 ${-hole},0 A${hole},${hole} 0 1 0 ${hole},0 Z" fill="${fill}" fill-rule="evenodd"/>`;
  return `<g transform="translate(${x} ${y}) rotate(${rotate})" opacity="${opacity}">${body}${rim}<circle r="${hole}" fill="#0b1220"/></g>`;
}

// A little deterministic randomness for the sparks.
let seed = 7;
const rand = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
const sparks = Array.from({ length: 70 }, () => {
  const a = -Math.PI * (0.05 + rand() * 0.55);
  const len = 30 + rand() * 170;
  const x1 = 1010 + rand() * 30;
  const y1 = 560 + rand() * 20;
  const x2 = x1 + Math.cos(a) * len * 1.4;
  const y2 = y1 + Math.sin(a) * len;
  const w = (0.8 + rand() * 2.2).toFixed(1);
  return `<line x1="${x1.toFixed(0)}" y1="${y1.toFixed(0)}" x2="${x2.toFixed(0)}" y2="${y2.toFixed(0)}" stroke="url(#spark)" stroke-width="${w}" stroke-linecap="round"/>`;
}).join('');

const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
<defs>
  <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="#0e1726"/><stop offset="0.55" stop-color="#1b2f52"/><stop offset="1" stop-color="#0c1322"/>
  </linearGradient>
  <radialGradient id="glow" cx="0.64" cy="0.63" r="0.45">
    <stop offset="0" stop-color="#f59e0b" stop-opacity="0.55"/><stop offset="0.35" stop-color="#b45309" stop-opacity="0.18"/><stop offset="1" stop-color="#b45309" stop-opacity="0"/>
  </radialGradient>
  <linearGradient id="steel" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="#94a3b8"/><stop offset="0.5" stop-color="#475569"/><stop offset="1" stop-color="#1e293b"/>
  </linearGradient>
  <linearGradient id="steel2" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="#64748b"/><stop offset="1" stop-color="#1e293b"/>
  </linearGradient>
  <linearGradient id="beam" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="#334155"/><stop offset="1" stop-color="#0f172a"/>
  </linearGradient>
  <linearGradient id="spark" x1="0" y1="1" x2="1" y2="0">
    <stop offset="0" stop-color="#fde68a"/><stop offset="1" stop-color="#f59e0b" stop-opacity="0"/>
  </linearGradient>
  <pattern id="grid" width="40" height="40" patternUnits="userSpaceOnUse">
    <path d="M40 0H0V40" fill="none" stroke="#93c5fd" stroke-opacity="0.07" stroke-width="1"/>
  </pattern>
</defs>
<rect width="${W}" height="${H}" fill="url(#bg)"/>
<rect width="${W}" height="${H}" fill="url(#grid)"/>
<!-- blueprint circles -->
<g fill="none" stroke="#93c5fd" stroke-opacity="0.12" stroke-width="1.5">
  <circle cx="1230" cy="300" r="260"/><circle cx="1230" cy="300" r="180" stroke-dasharray="6 8"/>
  <line x1="900" y1="300" x2="1560" y2="300"/><line x1="1230" y1="20" x2="1230" y2="600"/>
</g>
<!-- steel frame: I-beams and a truss -->
<g>
  <rect x="0" y="118" width="${W}" height="26" fill="url(#beam)"/>
  <rect x="0" y="112" width="${W}" height="8" fill="#475569"/><rect x="0" y="142" width="${W}" height="8" fill="#1e293b"/>
  <rect x="1440" y="0" width="34" height="${H}" fill="url(#beam)"/><rect x="1432" y="0" width="8" height="${H}" fill="#475569"/><rect x="1474" y="0" width="8" height="${H}" fill="#1e293b"/>
  <g stroke="#334155" stroke-width="10" opacity="0.85">
    ${Array.from({ length: 9 }, (_, i) => `<line x1="${i * 170}" y1="150" x2="${i * 170 + 85}" y2="250"/><line x1="${i * 170 + 85}" y1="250" x2="${i * 170 + 170}" y2="150"/>`).join('')}
  </g>
  <rect x="0" y="246" width="${W}" height="10" fill="#334155" opacity="0.85"/>
  ${Array.from({ length: 20 }, (_, i) => `<circle cx="${40 + i * 80}" cy="131" r="4" fill="#94a3b8"/>`).join('')}
</g>
<rect width="${W}" height="${H}" fill="url(#glow)"/>
<!-- gears -->
${gear({ x: 1180, y: 520, teeth: 22, r: 230, R: 270, hole: 46, spokes: 6, fill: 'url(#steel)', rotate: 4 })}
${gear({ x: 1470, y: 780, teeth: 14, r: 120, R: 150, hole: 30, fill: 'url(#steel2)', rotate: 10 })}
${gear({ x: 890, y: 790, teeth: 16, r: 120, R: 148, hole: 34, spokes: 5, fill: 'url(#steel2)', rotate: -6, opacity: 0.9 })}
${gear({ x: 1520, y: 330, teeth: 10, r: 62, R: 80, hole: 18, fill: '#475569', rotate: 12 })}
<!-- a ball bearing -->
<g transform="translate(640 700)" opacity="0.85">
  <circle r="120" fill="#334155"/><circle r="104" fill="#0f172a"/>
  ${Array.from({ length: 10 }, (_, i) => {
    const a = (i * Math.PI * 2) / 10;
    return `<circle cx="${(84 * Math.cos(a)).toFixed(1)}" cy="${(84 * Math.sin(a)).toFixed(1)}" r="16" fill="url(#steel)"/>`;
  }).join('')}
  <circle r="64" fill="#475569"/><circle r="44" fill="#0b1220"/>
</g>
<!-- hex bolts -->
<g fill="url(#steel2)" opacity="0.8">
  <path d="M380 820l34-20 34 20v40l-34 20-34-20z"/><rect x="404" y="700" width="20" height="110" fill="#475569"/>
  <path d="M470 860l26-15 26 15v30l-26 15-26-15z"/>
</g>
<!-- sparks from a grinding point -->
<g>${sparks}</g>
<circle cx="1020" cy="568" r="14" fill="#fde68a"/><circle cx="1020" cy="568" r="40" fill="#f59e0b" opacity="0.35"/>
</svg>`;

for (const width of [768, 1600]) {
  const file = path.join(outDir, `hero-${width}.webp`);
  const data = await sharp(Buffer.from(svg)).resize({ width }).webp({ quality: 72, effort: 6 }).toBuffer();
  writeFileSync(file, data);
  console.log(`${path.relative(process.cwd(), file)}: ${(data.length / 1024).toFixed(1)} KB`);
}
