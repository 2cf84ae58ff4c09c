import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PROPERTY_TYPE_HI } from '@kiraya/contract/property-types.hi-IN';
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

describe('the property types in Hindi', () => {
  it("every catalogue that names a type says it as the contract's list does (the server's listing heads use it)", () => {
    const named: string[] = [];
    const problems: string[] = [];
    for (const folder of folders) {
      const hi = JSON.parse(readFileSync(join(folder, 'hi-IN.json'), 'utf8')) as Record<string, string>;
      for (const [id, text] of Object.entries(hi)) {
        const type = /^(?:type|propertyType)\.(.+)$/.exec(id)?.[1];
        if (!type || !(type in PROPERTY_TYPE_HI)) continue;
        named.push(relative(src, folder));
        const want = PROPERTY_TYPE_HI[type as keyof typeof PROPERTY_TYPE_HI];
        if (text !== want) problems.push(`${relative(src, folder)} ${id}: ${text}, the contract says ${want}`);
      }
    }
    expect(new Set(named).size).toBeGreaterThanOrEqual(3);
    expect(problems).toEqual([]);
  });
});
