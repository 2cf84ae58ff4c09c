#!/usr/bin/env python3
"""Writes src/assets/hindi-label.woff2: the six glyphs of "हिन्दी" from Noto Sans Devanagari (weight 500), about 2 KB.

The language switch says "हिन्दी" on English pages too, which never load the Devanagari font (issue 27, ADR 039): a
device with no Devanagari font of its own would show boxes. This subset is all those pages need. The file is
committed; run this only when the switch's label or the font changes (needs fontTools and brotli, e.g. Debian's
python3-fonttools and python3-brotli):

    /usr/bin/python3 apps/web/scripts/hindi-label-font.py
"""
import os
import tempfile

from fontTools import subset
from fontTools.ttLib import TTFont
from fontTools.varLib import instancer

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.path.join(
    HERE, '..', '..', '..', 'node_modules', '@fontsource-variable', 'noto-sans-devanagari', 'files',
    'noto-sans-devanagari-devanagari-wght-normal.woff2',
)
OUT = os.path.join(HERE, '..', 'src', 'assets', 'hindi-label.woff2')

font = TTFont(SOURCE)
font.flavor = None
static = instancer.instantiateVariableFont(font, {'wght': 500})
with tempfile.TemporaryDirectory() as tmp:
    ttf = os.path.join(tmp, 'w500.ttf')
    static.save(ttf)
    options = subset.Options()
    options.layout_features = ['*']
    options.flavor = 'woff2'
    options.hinting = False
    options.desubroutinize = True
    sub = subset.Subsetter(options)
    f = TTFont(ttf)
    sub.populate(text='हिन्दी')
    sub.subset(f)
    subset.save_font(f, OUT, options)
print(f'wrote {os.path.relpath(OUT)} ({os.path.getsize(OUT)} bytes)')
