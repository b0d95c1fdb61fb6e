/**
 * Product pictures drawn as SVG by the project itself (there is no external image service): one simple,
 * recognisable drawing per kind of part, in a shared steel-blue style. The seed renders them to WebP.
 */
export type PartKind =
  | 'bolt'
  | 'bearing'
  | 'gear'
  | 'valve'
  | 'flange'
  | 'spring'
  | 'bushing'
  | 'coupling'
  | 'bracket'
  | 'fitting'
  | 'extrusion'
  | 'nut';

const W = 800;
const H = 600;
const CX = W / 2;
const CY = H / 2;

const defs = `
<defs>
  <radialGradient id="bg" cx="50%" cy="40%" r="75%">
    <stop offset="0" stop-color="#f4f7fb"/><stop offset="1" stop-color="#cdd8e6"/>
  </radialGradient>
  <linearGradient id="steel" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="#eef2f6"/><stop offset=".45" stop-color="#9aa9bb"/>
    <stop offset=".7" stop-color="#c9d3df"/><stop offset="1" stop-color="#5d6b7d"/>
  </linearGradient>
  <linearGradient id="dark" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="#6f7f93"/><stop offset="1" stop-color="#2f3a48"/>
  </linearGradient>
  <linearGradient id="bronze" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="#f3d29b"/><stop offset=".5" stop-color="#b9823f"/><stop offset="1" stop-color="#7a5120"/>
  </linearGradient>
  <linearGradient id="accent" x1="0" y1="0" x2="1" y2="0">
    <stop offset="0" stop-color="#1d4ed8"/><stop offset="1" stop-color="#1e3a8a"/>
  </linearGradient>
  <filter id="shadow" x="-20%" y="-20%" width="140%" height="140%">
    <feDropShadow dx="0" dy="14" stdDeviation="14" flood-color="#1e293b" flood-opacity=".28"/>
  </filter>
</defs>`;

const stroke = 'stroke="#334155" stroke-width="4" stroke-linejoin="round"';

const polygon = (cx: number, cy: number, r: number, sides: number, rotation = 0) =>
  Array.from({ length: sides }, (_, i) => {
    const a = rotation + (i * 2 * Math.PI) / sides;
    return `${(cx + r * Math.cos(a)).toFixed(1)},${(cy + r * Math.sin(a)).toFixed(1)}`;
  }).join(' ');

const ring = (r: number, count: number, draw: (x: number, y: number) => string) =>
  Array.from({ length: count }, (_, i) => {
    const a = (i * 2 * Math.PI) / count;
    return draw(CX + r * Math.cos(a), CY + r * Math.sin(a));
  }).join('');

function gearPath(teeth: number, outer: number, root: number): string {
  const points: string[] = [];
  for (let i = 0; i < teeth; i++) {
    const step = (2 * Math.PI) / teeth;
    const a = i * step;
    for (const [offset, radius] of [
      [0, root],
      [0.18, outer],
      [0.5, outer],
      [0.68, root],
    ] as const) {
      const angle = a + offset * step;
      points.push(
        `${(CX + radius * Math.cos(angle)).toFixed(1)},${(CY + radius * Math.sin(angle)).toFixed(1)}`,
      );
    }
  }
  return `M${points.join('L')}Z`;
}

const drawings: Record<PartKind, () => string> = {
  bolt: () => {
    const threads = Array.from({ length: 14 }, (_, i) => {
      const x = 330 + i * 22;
      return `<line x1="${x}" y1="262" x2="${x + 14}" y2="338" stroke="#475569" stroke-width="3"/>`;
    }).join('');
    return `<g filter="url(#shadow)">
      <rect x="320" y="262" width="330" height="76" rx="6" fill="url(#steel)" ${stroke}/>${threads}
      <polygon points="170,220 320,220 320,380 170,380 150,300" fill="url(#steel)" ${stroke}/>
      <rect x="300" y="205" width="26" height="190" rx="4" fill="url(#dark)" ${stroke}/>
      <line x1="170" y1="268" x2="320" y2="268" stroke="#475569" stroke-width="3"/>
      <line x1="170" y1="332" x2="320" y2="332" stroke="#475569" stroke-width="3"/></g>`;
  },
  bearing: () => `<g filter="url(#shadow)">
      <circle cx="${CX}" cy="${CY}" r="210" fill="url(#steel)" ${stroke}/>
      <circle cx="${CX}" cy="${CY}" r="160" fill="url(#dark)" ${stroke}/>
      ${ring(135, 10, (x, y) => `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="24" fill="url(#steel)" ${stroke}/>`)}
      <circle cx="${CX}" cy="${CY}" r="108" fill="url(#steel)" ${stroke}/>
      <circle cx="${CX}" cy="${CY}" r="62" fill="#dbe3ec" ${stroke}/></g>`,
  gear: () => `<g filter="url(#shadow)">
      <path d="${gearPath(24, 225, 190)}" fill="url(#steel)" ${stroke}/>
      <circle cx="${CX}" cy="${CY}" r="140" fill="none" stroke="#64748b" stroke-width="4"/>
      ${ring(95, 6, (x, y) => `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="24" fill="#dbe3ec" ${stroke}/>`)}
      <circle cx="${CX}" cy="${CY}" r="44" fill="#dbe3ec" ${stroke}/>
      <rect x="${CX - 9}" y="${CY - 58}" width="18" height="20" fill="#dbe3ec" ${stroke}/></g>`,
  valve: () => `<g filter="url(#shadow)">
      <rect x="110" y="270" width="580" height="90" rx="10" fill="url(#steel)" ${stroke}/>
      <polygon points="${polygon(180, 315, 62, 6)}" fill="url(#steel)" ${stroke}/>
      <polygon points="${polygon(620, 315, 62, 6)}" fill="url(#steel)" ${stroke}/>
      <circle cx="${CX}" cy="315" r="105" fill="url(#steel)" ${stroke}/>
      <rect x="${CX - 20}" y="160" width="40" height="60" fill="url(#dark)" ${stroke}/>
      <rect x="${CX - 30}" y="130" width="290" height="42" rx="21" fill="url(#accent)" ${stroke}/></g>`,
  flange: () => `<g filter="url(#shadow)">
      <circle cx="${CX}" cy="${CY}" r="220" fill="url(#steel)" ${stroke}/>
      ${ring(170, 8, (x, y) => `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="22" fill="#cbd5e1" ${stroke}/>`)}
      <circle cx="${CX}" cy="${CY}" r="120" fill="url(#dark)" ${stroke}/>
      <circle cx="${CX}" cy="${CY}" r="82" fill="#e2e8f0" ${stroke}/></g>`,
  spring: () => {
    const coils = Array.from({ length: 9 }, (_, i) => {
      const x = 180 + i * 50;
      return `<path d="M${x},180 C${x + 60},180 ${x + 60},420 ${x + 25},420" fill="none" stroke="url(#steel)" stroke-width="22" stroke-linecap="round"/>
        <path d="M${x + 25},420 C${x - 10},420 ${x - 10},180 ${x + 50},180" fill="none" stroke="#64748b" stroke-width="14" stroke-linecap="round" opacity=".55"/>`;
    }).join('');
    return `<g filter="url(#shadow)">${coils}</g>`;
  },
  bushing: () => `<g filter="url(#shadow)">
      <rect x="250" y="200" width="300" height="220" fill="url(#bronze)" ${stroke}/>
      <ellipse cx="${CX}" cy="420" rx="150" ry="48" fill="url(#bronze)" ${stroke}/>
      <ellipse cx="${CX}" cy="200" rx="150" ry="48" fill="#e9c58c" ${stroke}/>
      <ellipse cx="${CX}" cy="200" rx="95" ry="30" fill="#5b3a16" ${stroke}/></g>`,
  coupling: () => `<g filter="url(#shadow)">
      <rect x="120" y="270" width="110" height="60" fill="url(#dark)" ${stroke}/>
      <rect x="570" y="270" width="110" height="60" fill="url(#dark)" ${stroke}/>
      <rect x="220" y="190" width="150" height="220" rx="16" fill="url(#steel)" ${stroke}/>
      <rect x="430" y="190" width="150" height="220" rx="16" fill="url(#steel)" ${stroke}/>
      <rect x="360" y="215" width="80" height="170" rx="10" fill="url(#accent)" ${stroke}/></g>`,
  bracket: () => `<g filter="url(#shadow)">
      <path d="M220,140 L300,140 L300,380 L600,380 L600,460 L220,460 Z" fill="url(#steel)" ${stroke}/>
      <circle cx="260" cy="210" r="18" fill="#e2e8f0" ${stroke}/><circle cx="260" cy="300" r="18" fill="#e2e8f0" ${stroke}/>
      <circle cx="400" cy="420" r="18" fill="#e2e8f0" ${stroke}/><circle cx="520" cy="420" r="18" fill="#e2e8f0" ${stroke}/>
      <path d="M300,330 L350,380 L300,380 Z" fill="url(#dark)" ${stroke}/></g>`,
  fitting: () => `<g filter="url(#shadow)">
      <rect x="430" y="262" width="270" height="76" rx="8" fill="url(#steel)" ${stroke}/>
      <polygon points="${polygon(360, 300, 100, 6, Math.PI / 6)}" fill="url(#steel)" ${stroke}/>
      <rect x="130" y="270" width="160" height="60" fill="url(#dark)" ${stroke}/>
      ${Array.from({ length: 6 }, (_, i) => `<line x1="${145 + i * 24}" y1="270" x2="${157 + i * 24}" y2="330" stroke="#cbd5e1" stroke-width="3"/>`).join('')}</g>`,
  extrusion: () => `<g filter="url(#shadow)">
      <rect x="200" y="100" width="400" height="400" rx="18" fill="url(#steel)" ${stroke}/>
      <path d="M370,100 L370,150 L340,150 L340,190 L460,190 L460,150 L430,150 L430,100 Z" fill="#cdd8e6" ${stroke}/>
      <path d="M370,500 L370,450 L340,450 L340,410 L460,410 L460,450 L430,450 L430,500 Z" fill="#cdd8e6" ${stroke}/>
      <path d="M200,270 L250,270 L250,240 L290,240 L290,360 L250,360 L250,330 L200,330 Z" fill="#cdd8e6" ${stroke}/>
      <path d="M600,270 L550,270 L550,240 L510,240 L510,360 L550,360 L550,330 L600,330 Z" fill="#cdd8e6" ${stroke}/>
      <circle cx="${CX}" cy="${CY}" r="44" fill="url(#dark)" ${stroke}/></g>`,
  nut: () => `<g filter="url(#shadow)">
      <polygon points="${polygon(CX, CY, 210, 6)}" fill="url(#steel)" ${stroke}/>
      <circle cx="${CX}" cy="${CY}" r="150" fill="none" stroke="#64748b" stroke-width="5"/>
      <circle cx="${CX}" cy="${CY}" r="98" fill="url(#accent)" ${stroke}/>
      <circle cx="${CX}" cy="${CY}" r="70" fill="#e2e8f0" ${stroke}/></g>`,
};

export function partSvg(kind: PartKind): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${defs}
<rect width="${W}" height="${H}" fill="url(#bg)"/>
<ellipse cx="${CX}" cy="${H - 70}" rx="250" ry="22" fill="#94a3b8" opacity=".35"/>
${drawings[kind]()}</svg>`;
}
