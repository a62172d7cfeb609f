"""The words' catalog, made with Babel (docs/howto/translate.md): extract every message of
the package (its Python, and the browser's English source in server/static/words.json) into
python/quinza/locale/quinza.pot, merge it into each language's quinza.po, compile each .po
into the .mo the package reads.

    python scripts/catalog.py            extract, update every .po, compile every .mo
    python scripts/catalog.py --check    say what is out of date, change nothing (exit 1)

For the Python, the same as pybabel's commands with the keywords below (KEYWORDS):

    pybabel extract -F babel.cfg -k later -k later_n:1,2 -k NP_:1c,2 -o python/quinza/locale/quinza.pot python/quinza
    pybabel update -D quinza -i python/quinza/locale/quinza.pot -d python/quinza/locale
    pybabel compile -D quinza -d python/quinza/locale
"""

from __future__ import annotations

import io
import sys
from pathlib import Path
from typing import Dict, List

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "python" / "quinza"
LOCALE = PACKAGE / "locale"
WORDS = PACKAGE / "server" / "static" / "words.json"  # the browser's English source
DOMAIN = "quinza"
TEMPLATE = LOCALE / f"{DOMAIN}.pot"
# gettext's own keywords, and the package's markers (quinza.words): a message said later
# in the receiver's language, and a message of a context marked where it is written.
KEYWORDS = {**DEFAULT_KEYWORDS, "later": None, "later_n": (1, 2), "NP_": ((1, "c"), 2)}
MAPPING = ROOT / "babel.cfg"  # which files are read


def languages() -> List[str]:
    return sorted(p.name for p in LOCALE.iterdir() if (p / "LC_MESSAGES" / f"{DOMAIN}.po").is_file())


def po_path(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def extracted() -> Catalog:
    """Every message the package marks, with where it is said."""
    catalog = Catalog(project="quinza", domain=DOMAIN, charset="utf-8", fuzzy=False)
    with open(MAPPING, encoding="utf-8") as f:
        method_map, options_map = parse_mapping_cfg(f)
    for filename, lineno, message, comments, context in extract_from_dir(
            str(PACKAGE), method_map, options_map, keywords=KEYWORDS, comment_tags=("TRANSLATORS:",),
            strip_comment_tags=True):
        catalog.add(message, None, [(f"python/quinza/{filename}", lineno)], auto_comments=comments, context=context)
    # The browser's words: this tree's static/words.json, each entry under its
    # key (read from the tree, not from the package installed, whatever its place).
    from quinza.server.browser_words import template_messages

    for context, english in template_messages(WORDS):
        catalog.add(english, None, [(str(WORDS.relative_to(ROOT)), 1)], context=context)
    return catalog


def read(path: Path) -> Catalog:
    with open(path, "rb") as f:
        return read_po(f, locale=path.parent.parent.name if path.suffix == ".po" else None, domain=DOMAIN)


def po_bytes(catalog: Catalog, template: bool = False) -> bytes:
    out = io.BytesIO()
    # Without the lines each message is said on: an edit that moves a message is no change of the catalog.
    write_po(out, catalog, width=100, omit_header=False, sort_output=False, include_previous=not template,
             ignore_obsolete=True, no_location=True)
    return out.getvalue()


def mo_bytes(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


def made() -> Dict[Path, bytes]:
    """What each file of the catalog should hold: the template from the code, each .po
    merged with it (its translations kept), each .mo compiled from that .po."""
    template = extracted()
    out = {TEMPLATE: po_bytes(template, template=True)}
    for lang in languages():
        po = read(po_path(lang))
        po.update(template, no_fuzzy_matching=True, update_creation_date=False)
        out[po_path(lang)] = po_bytes(po)
        out[po_path(lang).with_suffix(".mo")] = mo_bytes(po)
    return out


def stale() -> List[Path]:
    """The catalog's files that are not what `made` makes (the template's date aside)."""
    return [path for path, data in made().items()
            if not path.exists() or _undated(path.read_bytes()) != _undated(data)]


def _undated(data: bytes) -> bytes:
    return b"\n".join(line for line in data.split(b"\n") if b"-Date:" not in line)


def main(argv: List[str]) -> int:
    if "--check" in argv:
        old = stale()
        for path in old:
            print(f"out of date: {path.relative_to(ROOT)} (python scripts/catalog.py makes it)")
        return 1 if old else 0
    for path, data in made().items():
        if not path.exists() or _undated(path.read_bytes()) != _undated(data):
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
            print(f"wrote {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
