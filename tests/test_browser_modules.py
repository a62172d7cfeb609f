"""The browser table's code as ES modules (python/quinza/server/static/), read without a
browser: each page loads one module, every module is reached by imports that name what
their module exports, the imports make no circle, and no module holds words a player
reads: they are asked of words.js by key, and every key asked is in the English source,
words.json."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Dict, List, Set

STATIC = Path(__file__).resolve().parent.parent / "python" / "quinza" / "server" / "static"
PAGES = {"lobby.html": "lobby.js", "table.html": "table.js"}
IMPORT = re.compile(r'^import\s*\{([^}]*)\}\s*from\s*"\./([\w.-]+)";', re.M)
EXPORT = re.compile(r"^export\s+(?:async\s+)?(?:function|const|let)\s+([\w$]+)", re.M)


def modules() -> Dict[str, str]:
    return {p.name: p.read_text(encoding="utf-8") for p in sorted(STATIC.glob("*.js"))}


def imports(source: str) -> Dict[str, List[str]]:
    return {m.group(2): [n.strip() for n in m.group(1).split(",") if n.strip()] for m in IMPORT.finditer(source)}


def test_each_page_loads_one_module_and_no_classic_script() -> None:
    for page, entry in PAGES.items():
        html = (STATIC / page).read_text(encoding="utf-8")
        scripts = re.findall(r"<script\b[^>]*>", html)
        assert scripts == [f'<script type="module" src="static/{entry}">'], (page, scripts)


def test_every_import_names_an_export_of_an_existing_module_and_every_module_is_used() -> None:
    code = modules()
    reached: Set[str] = set()
    todo = list(PAGES.values())
    while todo:
        name = todo.pop()
        if name in reached:
            continue
        reached.add(name)
        for target, names in imports(code[name]).items():
            assert target in code, f"{name} imports {target}, which is not there"
            exported = set(EXPORT.findall(code[target]))
            assert set(names) <= exported, f"{name} imports {set(names) - exported} that {target} does not export"
            todo.append(target)
    assert reached == set(code), f"modules no page reaches: {set(code) - reached}"
    for name, source in code.items():
        assert '"use strict"' not in source, f"{name}: a module is strict already"
        assert not re.search(r"\bwindow\.\w+\s*=", source), f"{name} shares a global"


def test_the_imports_make_no_circle() -> None:
    graph = {name: set(imports(source)) for name, source in modules().items()}
    done: Set[str] = set()

    def visit(name: str, path: List[str]) -> None:
        assert name not in path, "an import circle: " + " -> ".join(path + [name])
        if name in done:
            return
        for target in graph[name]:
            visit(target, path + [name])
        done.add(name)

    for name in graph:
        visit(name, [])
    assert graph["words.js"] == set(), "words.js stands on nothing"


# A literal reads as words for a player when it has a capitalised word, ends a sentence,
# or is words of letters with one of English's small words (a CSS class list has none).
WORDS = re.compile(r"[A-Z][a-z]{2,}|\s.*[a-z][.!?…:]$"
                   r"|^(?=.*\b(the|a|an|of|and|or|to|you|your|is|no|for|with|in|on|at|by)\b)[a-z]+( [a-z]+)+$")
NOT_WORDS = {"Content-Type", "POST", "GET"}
LITERAL = re.compile(r'"((?:[^"\\\n]|\\.)*)"|`((?:[^`\\]|\\.)*)`')


def player_literals(source: str) -> List[str]:
    source = re.sub(r"^\s*//.*$|\s//\s.*$", "", source, flags=re.M)  # comments
    found = []
    for m in LITERAL.finditer(source):
        text = re.sub(r"\$\{[^}]*\}", " ", m.group(1) if m.group(1) is not None else m.group(2)).strip()
        if text and text not in NOT_WORDS and WORDS.search(text):
            found.append(text)
    return found


def test_no_module_holds_words() -> None:
    for name, source in modules().items():
        # words.js's one literal tells a developer of a key missing from the table
        assert player_literals(source) == (["no words for"] if name == "words.js" else []), name
    for page in PAGES:
        html = (STATIC / page).read_text(encoding="utf-8")
        text = re.sub(r"<title[^>]*></title>|<h1[^>]*>quinza</h1>", "", html)
        shown = [t.strip() for t in re.findall(r">([^<]+)<", text) if t.strip()]
        assert shown == [], (page, shown)
        assert not re.search(r'(?<![\w-])(placeholder|title|aria-label|alt)="', html), page
    assert player_literals('say("The room is open.")') and player_literals("el(`Seat ${n}: free`)")
    assert player_literals('el("p", {class: "quiet"}, "a person")')
    assert not player_literals('el("p", {class: "choice bid"}, "#seats select")')


def test_every_word_asked_for_is_in_the_table() -> None:
    code = modules()
    table = set(json.loads((STATIC / "words.json").read_text(encoding="utf-8")))
    groups = {key.split(".")[0] for key in table}
    asked = set()
    for name, source in code.items():
        if name != "words.js":
            keys = {k for k in re.findall(r'"([a-z]+\.[\w.]+)"', source) if k.split(".")[0] in groups}
            asked |= keys | {f"{k}.you" for k in re.findall(r'\baboutSeat\(\s*"([\w.]+)"', source)}
            asked |= {f"n.{k}" for k in re.findall(r'\bcount\([^,()]+,\s*"(\w+)"\)', source)}
    for page in PAGES:
        asked |= set(re.findall(r'data-word(?:-\w+)?="([\w.]+)"', (STATIC / page).read_text(encoding="utf-8")))
    assert len(asked) > 150, len(asked)
    assert asked <= table, sorted(asked - table)


# What the pages may key on: the deck (its cards' notation), the rules' family (tricks),
# whether they sweep, an event's kind (a sweep is told as "escoba"); a rule set's name
# only to name it, never to decide what to draw.
RULE_SET_NAME = re.compile(r'rules\.name\s*[!=]==|[!=]==\s*rules\.name|[!=]==\s*"(escoba|quinza|rb3ine|quinte)"'
                           r'|"(escoba|quinza|rb3ine|quinte)"\s*[!=]==')
NOT_A_RULE_SET = re.compile(r'\b(deck|kind)\s*[!=]==\s*"\w+"')


def keyed_on_a_rule_sets_name(source: str) -> List[str]:
    source = re.sub(r"^\s*//.*$|\s//\s.*$", "", source, flags=re.M)  # comments
    return [m.group(0) for m in RULE_SET_NAME.finditer(NOT_A_RULE_SET.sub("", source))]


def test_the_pages_draw_by_what_the_rules_do_never_by_a_rule_sets_name() -> None:
    for name, source in modules().items():
        assert keyed_on_a_rule_sets_name(source) == [], name
    assert keyed_on_a_rule_sets_name('if (v.rules.name === "quinte") {')
    assert keyed_on_a_rule_sets_name('const escoba = name === "escoba";')
    assert not keyed_on_a_rule_sets_name('return deck === "quinte" ? a : b;')
    assert not keyed_on_a_rule_sets_name('else if (e.kind === "escoba") log(e);')
