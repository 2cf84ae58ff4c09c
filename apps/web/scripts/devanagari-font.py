#!/usr/bin/env python3
"""Writes src/assets/noto-sans-devanagari-hindi.woff2: the Devanagari font of Hindi pages, cut to what Hindi needs.

Hindi pages ask for their font with their head (a preload, ADR 039), so its bytes are on the way to the first
paint of every Hindi public page: fontsource's Devanagari subset was 118 KB, 0.6 s of a phone's LCP in Lighthouse.
This keeps, from that same file (Noto Sans Devanagari, variable, SIL OFL 1.1):
  - the weights Kiraya's stylesheet uses, 400 to 800 (normal, medium, semibold, bold, extrabold), as one variable
    font: the axis is cut at 800, so the outlines of the thin half are gone; 100 to 300 and 900 are never asked for;
  - the characters of Hindi: the Devanagari block (U+0900-097F, every letter, sign, conjunct and digit that block's
    shaping needs), ZWNJ/ZWJ, the rupee sign and the dotted circle (shown for a stray mark), but not the Vedic
    accents, the Devanagari Extended blocks or the North Indic number forms (Sanskrit and manuscripts; a character
    from them falls back to the device's own font);
  - every OpenType feature (conjuncts, half forms, reph, matra positioning), without glyph names or hinting.
About 70 KB; the outlines at 400, 500, 600, 700 and 800 match the original within 1.2 units of 1000.
The file is committed; run this only when the font package changes (needs fontTools and brotli, e.g. Debian's
python3-fonttools and python3-brotli), and keep `unicode-range` in src/index.css equal to UNICODES:

    /usr/bin/python3 apps/web/scripts/devanagari-font.py
"""
import io
import os

from fontTools import subset
from fontTools.ttLib import TTFont
from fontTools.varLib import instancer

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.path.join(
    HERE, '..', '..', '..', 'node_modules', '@fontsource-variable', 'noto-sans-devanagari', 'files',
    'noto-sans-devanagari-devanagari-wght-normal.woff2',
)
OUT = os.path.join(HERE, '..', 'src', 'assets', 'noto-sans-devanagari-hindi.woff2')
# Keep in step with the @font-face rules' unicode-range in src/index.css.
UNICODES = [*range(0x0900, 0x0980), 0x200C, 0x200D, 0x20B9, 0x25CC]

font = instancer.instantiateVariableFont(TTFont(SOURCE), {'wght': (400, 800)})
font.flavor = None
ttf = io.BytesIO()
font.save(ttf)
ttf.seek(0)
options = subset.Options()
options.layout_features = ['*']
options.flavor = 'woff2'
options.hinting = False
options.glyph_names = False
options.name_IDs = ['*']
options.name_languages = ['*']
options.notdef_outline = True
sub = subset.Subsetter(options)
f = TTFont(ttf)
sub.populate(unicodes=UNICODES)
sub.subset(f)
subset.save_font(f, OUT, options)
print(f'wrote {os.path.relpath(OUT)} ({os.path.getsize(OUT)} bytes, {len(f.getGlyphOrder())} glyphs)')
