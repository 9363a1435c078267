#!/usr/bin/env python3
"""Fills empty msgstr entries of a .po catalog from a JSON map {msgid: translation}.

    python3 scripts/fill-po.py src/locales/zh/app.po scripts/zh-app.json

Entries that already have a translation are left alone; msgids the map lacks are listed.
"""
import json
import re
import sys

po_path, map_path = sys.argv[1], sys.argv[2]
translations = json.load(open(map_path, encoding='utf-8'))
text = open(po_path, encoding='utf-8').read()
missing = []


def fill(match):
    msgid = json.loads(match.group(1))
    current = json.loads(match.group(2))
    if current or not msgid:
        return match.group(0)
    if msgid not in translations:
        missing.append(msgid)
        return match.group(0)
    return 'msgid ' + match.group(1) + '\nmsgstr ' + json.dumps(translations[msgid], ensure_ascii=False)


text = re.sub(r'^msgid ("(?:[^"\\]|\\.)*")\nmsgstr ("(?:[^"\\]|\\.)*")$', fill, text, flags=re.M)
open(po_path, 'w', encoding='utf-8').write(text)
for m in missing:
    print('no translation:', m)
