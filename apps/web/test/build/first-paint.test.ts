import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { distDir, readManifest } from './bundle';

/** What the browser must fetch before it can paint a page: index.html alone (docs/decisions/0049). */
describe('first paint needs the HTML alone', () => {
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const manifest = readManifest();
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry)!;

  it('carries the app stylesheet inline, with no stylesheet request', () => {
    expect(html).not.toMatch(/<link[^>]+rel="stylesheet"/);
    const css = readFileSync(path.join(distDir, entry.css![0]!), 'utf8');
    expect(html).toContain(`<style>${css}</style>`);
  });

  it('asks for the scripts only after the page, from one inline script at the end of the body', () => {
    expect(html).not.toMatch(/<script[^>]+src=/);
    expect(html).not.toMatch(/<link[^>]+rel="modulepreload"/);
    const boot = html.slice(html.lastIndexOf('<script>'), html.indexOf('</body>'));
    expect(boot).toContain(`script.src = "/${entry.file}"`);
    for (const imported of entry.imports ?? []) expect(boot).toContain(`"/${manifest[imported]!.file}"`);
    expect(boot).toContain("window.addEventListener('load'");
  });
});
