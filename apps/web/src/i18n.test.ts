import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { messageShape } from '../scripts/icu-catalogs.mjs';

// No string left behind (issue 27, ADR 039): every area's hi-IN catalogue has exactly the ids of its en-IN one,
// each Hindi message uses the same placeholders and plural/select arguments as its English, and both parse.
const src = dirname(fileURLToPath(import.meta.url));
const folders: string[] = [];
const walk = (dir: string) => {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (!statSync(p).isDirectory()) continue;
    if (name === 'i18n') {
      // An area's catalogue, and its second one a folder deeper (`rooms/i18n/public`, `components/i18n/common`).
      for (const dir of [p, ...readdirSync(p).map((sub) => join(p, sub))])
        if (statSync(dir).isDirectory() && existsSync(join(dir, 'en-IN.json'))) folders.push(dir);
    } else walk(p);
  }
};
walk(src);

describe('message catalogues (src/**/i18n/*.json)', () => {
  it('finds the areas', () => {
    expect(folders.map((f) => relative(src, f)).sort()).toEqual(expect.arrayContaining(['components/i18n', 'features/landing/i18n']));
  });

  for (const folder of folders) {
    it(`${relative(src, folder)}: hi-IN has every en-IN id, with the same placeholders and plurals`, () => {
      const en = JSON.parse(readFileSync(join(folder, 'en-IN.json'), 'utf8')) as Record<string, string>;
      const hi = JSON.parse(readFileSync(join(folder, 'hi-IN.json'), 'utf8')) as Record<string, string>;
      expect(
        Object.keys(hi).filter((k) => !(k in en)),
        'ids only in hi-IN',
      ).toEqual([]);
      expect(
        Object.keys(en).filter((k) => !(k in hi)),
        'ids missing from hi-IN',
      ).toEqual([]);
      const problems: string[] = [];
      for (const [id, text] of Object.entries(en)) {
        const a = messageShape(text);
        const b = messageShape(hi[id] ?? '');
        if (JSON.stringify(a) !== JSON.stringify(b)) problems.push(`${id}: en ${JSON.stringify(a)} hi ${JSON.stringify(b)}`);
        if ((hi[id] ?? '').trim() === '') problems.push(`${id}: empty in hi-IN`);
      }
      expect(problems).toEqual([]);
    });
  }
});
