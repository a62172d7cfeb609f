"""Write docs/reference/messages.md, the table of the wire protocol's messages, from the
one list of them (python/quinza/server/messages.py).

    python scripts/make_messages_doc.py            # write the page
    python scripts/make_messages_doc.py --check    # exit 1 if it is not what it would write

tests/test_messages_doc.py checks that the page is current: run this after changing the list.
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
from pathlib import Path
from types import ModuleType
from typing import Any, Dict, List

ROOT = Path(__file__).resolve().parents[1]
MESSAGES = ROOT / "python" / "quinza" / "server" / "messages.py"
PAGE = ROOT / "docs" / "reference" / "messages.md"

HEAD = """# The wire's messages

<!-- Written by scripts/make_messages_doc.py from python/quinza/server/messages.py: edit those. -->

The messages of the websocket (`/ws/{ID}`, [the wire protocol](wire.md#the-websocket)), both
directions. Every message is a JSON object with `"type"`; every message the server sends
has `"ply"`, the number of moves played in the match when it was sent. Cards are in their
notation (`"7o"`, `"Ah"`). The server reads each frame against this list and builds each
message through it: a frame whose field has another type is refused with an `error` that
says so, and a field this list does not give is passed over (a newer client may send
more). `quinza join`'s client reads the server's messages against it too.

A field `a[].b` is the field `b` of each object of the list `a`.
"""


def load() -> ModuleType:
    """messages.py by its path: it needs nothing of the package (nor the compiled core)."""
    spec = importlib.util.spec_from_file_location("quinza_messages", MESSAGES)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its NamedTuples are resolved through sys.modules
    spec.loader.exec_module(module)
    return module


def cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def rows(fields: Any, prefix: str = "") -> List[str]:
    out = []
    for field in fields:
        types = " or ".join(field.types.split())
        out.append(f"| `{prefix}{field.name}` | {types} | {'yes' if field.required else 'no'} | "
                   f"{cell(field.meaning)} |")
        if field.parts:
            out += rows(field.parts, f"{prefix}{field.name}[].")
    return out


def page(messages: ModuleType) -> str:
    parts = [HEAD]
    for sender, title in ((messages.CLIENT, "What a client sends"), (messages.SERVER, "What the server sends")):
        parts.append(f"\n## {title}\n")
        for kind in messages.KINDS[sender].values():
            parts.append(f"\n### `{kind.name}` ({sender})\n\n{kind.meaning}\n")
            if kind.one_of:
                given = " or ".join(f"`{name}`" for name in kind.one_of)
                parts.append(f"\nIt gives {given}.\n")
            if kind.fields:
                parts.append("\n| field | JSON type | required | meaning |\n| --- | --- | --- | --- |\n"
                             + "\n".join(rows(kind.fields)) + "\n")
            else:
                parts.append("\nNo field besides `type`.\n")
    return "".join(parts)


def outputs() -> Dict[Path, str]:
    return {PAGE: page(load())}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--check", action="store_true", help="write nothing; exit 1 if the page is not current")
    args = parser.parse_args()
    for path, text in outputs().items():
        if path.exists() and path.read_text(encoding="utf-8") == text:
            continue
        if args.check:
            print(f"not current: {path.relative_to(ROOT)} (run python scripts/make_messages_doc.py)")
            return 1
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        print(f"wrote {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
