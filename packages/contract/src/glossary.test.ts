import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { glossaryMarkdown, glossaryViolations } from './glossary';

// One Hindi glossary (ADR 045): no Hindi text of the product uses a variant the glossary rejects.
const repo = join(fileURLToPath(new URL('.', import.meta.url)), '../../..');
const DEVANAGARI = /[\u0900-\u097F]/;

function walk(dir: string, keep: (name: string) => boolean): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) {
      if (name !== 'node_modules' && name !== 'dist') out.push(...walk(p, keep));
    } else if (keep(name)) out.push(p);
  }
  return out;
}

/** Every Hindi text: [where, text]. The catalogues' values, and the Hindi lines (not comments) of the sources. */
function hindiTexts(): [string, string][] {
  const texts: [string, string][] = [];
  const rel = (p: string) => relative(repo, p).split('\\').join('/');
  for (const f of walk(join(repo, 'apps/web/src'), (n) => n === 'hi-IN.json'))
    for (const [key, value] of Object.entries(JSON.parse(readFileSync(f, 'utf8')) as Record<string, string>))
      texts.push([`${rel(f)} ${key}`, value]);
  const sources = [
    ...walk(join(repo, 'packages/contract/src'), (n) => n.endsWith('.hi-IN.ts')),
    join(repo, 'packages/contract/src/dates.ts'),
    join(repo, 'apps/server/src/i18n/emails.ts'),
    join(repo, 'apps/server/src/i18n/notifications.ts'),
    join(repo, 'apps/server/src/plugins/render.ts'),
    join(repo, 'apps/web/public/offline.html'),
    join(repo, 'apps/web/scripts/prerender.mjs'),
  ];
  for (const f of sources)
    readFileSync(f, 'utf8')
      .split('\n')
      .forEach((line, i) => {
        const code = line.trim();
        if (!DEVANAGARI.test(code) || /^(\/\/|\/?\*)/.test(code)) return;
        texts.push([`${rel(f)}:${i + 1}`, code]);
      });
  return texts;
}

describe('the Hindi glossary (glossary.ts)', () => {
  it('finds a rejected variant, and passes the glossary term', () => {
    expect(glossaryViolations('किराये का बिल देय है').map((v) => v.variant)).toEqual(['किराये', 'किराये का बिल']);
    expect(glossaryViolations('जमा करें')).toHaveLength(1);
    expect(glossaryViolations('₹12,000/महीना')).toHaveLength(1);
    expect(glossaryViolations('किरायेदार ने किराया बिल चुकाया; किराए पर, ₹12,000/माह, दिन/महीना/साल')).toEqual([]);
  });

  it('is used by every Hindi text: web catalogues, contract messages, server emails, notifications and pages', () => {
    const texts = hindiTexts();
    expect(texts.length).toBeGreaterThan(1500);
    const problems = texts.flatMap(([where, text]) =>
      glossaryViolations(text).map((v) => `${where}: "${v.variant}" (glossary: ${v.term})`),
    );
    expect(problems).toEqual([]);
  });

  it('writes "Aadhaar" in English, but in the spec\'s own message', () => {
    const spec = 'Aadhar number must be a valid 12-digit number.';
    const english = [
      ...walk(join(repo, 'apps/web/src'), (n) => n === 'en-IN.json').flatMap((f) =>
        Object.values(JSON.parse(readFileSync(f, 'utf8')) as Record<string, string>),
      ),
      ...readFileSync(join(repo, 'packages/contract/src/messages.ts'), 'utf8').split('\n'),
    ];
    expect(english.filter((s) => /\bAadhar\b/.test(s.replace(spec, '')))).toEqual([]);
  });

  it('is written out in docs/hindi-glossary.md', () => {
    const doc = readFileSync(join(repo, 'docs/hindi-glossary.md'), 'utf8');
    if (doc !== glossaryMarkdown()) console.log(glossaryMarkdown());
    expect(doc).toBe(glossaryMarkdown());
  });
});
