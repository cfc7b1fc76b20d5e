#!/usr/bin/env python3
"""Fills translations/domainlens_<lang>.ts from translations/strings_<lang>.json.

The JSON maps a source string (or "context\\u0004source" for a context-specific choice) to its
translation; for a plural message (tr() with %n) the value is a list of the language's numerus
forms (German and French: [singular, plural]). Messages with a translation lose type="unfinished";
the others stay unfinished and are counted. Placeholders (%1, %L2 ...) must match between source
and translation, else the script stops. Idempotent; run it after scripts/update-translations.sh.
Usage: scripts/translate.py [lang ...]   (default: every strings_*.json present)"""
import glob
import json
import os
import re
import sys
import xml.etree.ElementTree as ET

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
PLACEHOLDER = re.compile(r"%L?\d+")


def fill(lang):
    ts_path = os.path.join(ROOT, "translations", f"domainlens_{lang}.ts")
    strings = json.load(open(os.path.join(ROOT, "translations", f"strings_{lang}.json"), encoding="utf-8"))
    tree = ET.parse(ts_path)
    missing, done = [], 0
    for ctx in tree.getroot().findall("context"):
        name = ctx.findtext("name")
        for msg in ctx.findall("message"):
            source = msg.findtext("source")
            text = strings.get(f"{name}\u0004{source}", strings.get(source))
            tr = msg.find("translation")
            if text is None:
                missing.append(source)
                tr.set("type", "unfinished")
                continue
            forms = tr.findall("numerusform")
            if msg.get("numerus") == "yes":
                # Plural message (tr(..., n) with %n): the JSON value is a list, one entry per numerus form.
                if not isinstance(text, list) or len(text) != len(forms):
                    sys.exit(f"{lang}: {source!r} needs a list of {len(forms)} plural forms, got {text!r}")
                for form, t in zip(forms, text):
                    if sorted(PLACEHOLDER.findall(source)) != sorted(PLACEHOLDER.findall(t)) or "%n" not in t:
                        sys.exit(f"{lang}: placeholders differ for {source!r} -> {t!r}")
                    form.text = t
                tr.attrib.pop("type", None)
                done += 1
                continue
            if not isinstance(text, str):
                sys.exit(f"{lang}: {source!r} is not a plural message; its translation must be a string")
            if sorted(PLACEHOLDER.findall(source)) != sorted(PLACEHOLDER.findall(text)):
                sys.exit(f"{lang}: placeholders differ for {source!r} -> {text!r}")
            tr.text = text
            tr.attrib.pop("type", None)
            done += 1
    with open(ts_path, "wb") as out:
        out.write(b'<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE TS>\n')
        tree.write(out, encoding="utf-8", xml_declaration=False)
    print(f"{lang}: {done} translated, {len(missing)} unfinished")
    for m in missing:
        print(f"  unfinished: {m!r}")
    return len(missing)


def main():
    langs = sys.argv[1:] or sorted(re.sub(r".*strings_(\w+)\.json", r"\1", p)
                                   for p in glob.glob(os.path.join(ROOT, "translations", "strings_*.json")))
    sys.exit(1 if sum(fill(lang) for lang in langs) else 0)


if __name__ == "__main__":
    main()
