"""Every word a person reads from Python comes from the catalog: in a pseudo-language that
wraps each message in ⟦...⟧, a match played and watched in the terminal, a view, a
record, a review and the lab's findings show no word outside the wrapped pieces; and
`quinza play --lang es`, through a pseudo-terminal, speaks Spanish."""

from __future__ import annotations

import gettext
import io
import os
import re
import sys
import xml.etree.ElementTree as ET
from typing import Any, Iterator, List, Set, Tuple

import pexpect
import pytest

import quinza
from quinza import words
from quinza.__main__ import main

from .test_words_catalog import catalog

# What may stand outside the catalog's words: cards and moves as written (what a player
# types: 5e x 7c 3o, JK, pass; a card's face, K), numbers, the bots' and the rule sets' names, punctuation.
NOTATION = re.compile(r"^(?:(?:1[0-2]|[1-7])[oceb]|(?:10|[2-9JQKA])[hdsc]|JK|[JQKA]|x|pass|double|redouble|[+-]?[\d.,]+%?)$",
                      re.I)
NAMES = {"greedy", "random", "ismcts", "pimc", "worlds", "iterations", "quinza", "rb3ine", "escoba", "quinte"}


class Pseudo(gettext.NullTranslations):
    """A test's language: every message wrapped, so that a word said outside the catalog
    shows; it keeps the messages it was asked for."""

    def __init__(self) -> None:
        super().__init__()
        self.asked: Set[Tuple[Any, str]] = set()

    def gettext(self, message: str) -> str:
        self.asked.add((None, message))
        return f"⟦{message}⟧"

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        self.asked.add((None, singular))
        return f"⟦{singular if n == 1 else plural}⟧"

    def pgettext(self, context: str, message: str) -> str:
        self.asked.add((context, message))
        return f"⟦{message}⟧"


@pytest.fixture
def pseudo() -> Iterator[Pseudo]:
    language = Pseudo()
    with words.speaking(words.Voice("xx", language)):
        yield language
    # Each message said is one the catalog has (Babel found it where it is written).
    known = {(m.context, m.id if isinstance(m.id, str) else m.id[0]) for m in catalog.extracted() if m.id}
    assert language.asked and language.asked <= known, language.asked - known


def outside(text: str) -> List[str]:
    """The words of `text` outside the wrapped pieces (innermost first, as places nest)."""
    while True:
        inner = re.sub(r"⟦[^⟦⟧]*⟧", " ", text)
        if inner == text:
            break
        text = inner
    assert "⟦" not in text and "⟧" not in text
    return [w for w in re.findall(r"[^\s()\[\]{}:;,·=|#/<>'\"?!*]+", text)
            if re.search(r"[A-Za-z]", w) and not NOTATION.match(w) and w.lower().split(":")[0] not in NAMES
            and not re.match(r"^(?:pimc|ismcts):", w)]


def test_the_outside_finder_finds_a_word_said_outside_the_catalog() -> None:
    assert outside("⟦seat {seat} plays⟧ 5e x 7c 3o ⟦side ⟦no one⟧ wins⟧ greedy 12c(10)") == []
    assert outside("⟦deal 1⟧ scores: side 0 12") == ["scores", "side"]


def test_a_match_watched_and_a_view_a_record_a_review_and_findings_say_only_catalog_words(
        pseudo: Pseudo, capsys: Any) -> None:
    for args in (["--rules", "escoba", "--bots", "greedy,random"], ["--rules", "quinte"],
                 ["--rules", "quinza", "--players", "4", "--target", "60"]):
        assert main(["watch", *args, "--seed", "5", "--moves"]) == 0
        out = capsys.readouterr().out
        assert outside(out) == [], args
        assert "⟦" in out
    for name in ("escoba", "quinte", "rb3ine"):
        game = quinza.play_match(quinza.Rules(name, target=10 if name != "quinte" else 100), ["greedy"], 3)
        assert outside(str(game.view())) == [] and outside(str(game.view(1))) == []
        svg = ET.fromstring(game.view(0).to_svg())
        texts = " ".join(t for node in svg.iter() if node.tag.endswith("text") for t in node.itertext())
        assert texts and outside(texts) == []
        comments = [line for line in game.record().splitlines() if ";" in line]
        assert outside("\n".join(c.split(";", 1)[1] for c in comments)) == []
    review = quinza.review(game, bot="pimc:worlds=2", hindsight=1000)
    assert outside(str(review)) == []
    findings = quinza.analyze("escoba", games=6, duplicates=2, headroom=0, targets=[11])
    assert outside(str(findings)) == []


def test_a_match_played_in_the_terminal_says_only_catalog_words(pseudo: Pseudo, capsys: Any,
                                                                 monkeypatch: Any) -> None:
    from quinza.cli.session import Session

    keys = iter(["", "h", "?", "99", "9z", "u", "1", "u"])  # then 1 to the match's end, then r and q

    def read(self: Session, prompt: str) -> str:
        self.out.print(prompt, end="")
        if self.game.is_over:
            return "r" if not getattr(self, "reviewed", False) and not setattr(self, "reviewed", True) else "q"
        return next(keys, "1")

    monkeypatch.setattr(Session, "read", read)
    assert main(["play", "--rules", "escoba", "--vs", "greedy", "--seed", "4", "--delay", "0", "--target", "5"]) == 0
    out = capsys.readouterr().out
    assert outside(out) == []
    assert out.count("⟦your turn⟧") > 3 and "⟦your move> ⟧" in out and "⟦Review of escoba" in out


def spawn(*args: str, env: Any = None) -> Any:
    # The terminal's own size: not COLUMNS or LINES of the process running the tests.
    base = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
    child = pexpect.spawn(sys.executable, ["-m", "quinza", *args], env=env or dict(base, TERM="xterm-256color"),
                          encoding="utf-8", timeout=60, dimensions=(50, 160))
    child.logfile_read = io.StringIO()
    return child


def test_quinza_play_lang_es_speaks_spanish_in_a_terminal() -> None:
    child = spawn("play", "--rules", "escoba", "--vs", "greedy", "--seed", "11", "--delay", "0", "--lang", "es")
    child.expect("eres el asiento 0; los bots: asiento 1 codicioso. h para la ayuda.")
    child.expect("tu mano")
    child.expect("tu turno")
    child.expect("tus jugadas:")
    child.expect("tu jugada> ")
    child.sendline("h")
    child.expect("esta ayuda")
    child.expect("12c\\(10\\) es el\\s+rey de copas, que vale 10")  # a narrow terminal may wrap it
    child.sendline("q")
    child.expect(re.escape("¿Guardar esta partida para seguirla luego? [S/n]"))
    child.sendline("n")
    child.expect("te vas: la partida queda en el reparto 1")
    child.expect("Adiós.")
    child.expect(pexpect.EOF)
    assert "your" not in child.logfile_read.getvalue()


def test_the_locale_chooses_the_language_and_watch_takes_lang() -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES")}
    child = spawn("play", "--rules", "quinte", "--vs", "greedy", "--seed", "2", "--delay", "0",
                  env=dict(env, LANG="fr_FR.UTF-8", TERM="xterm-256color"))
    child.expect("vous êtes la place 0")
    child.expect("votre coup> ")
    child.sendline("q")
    child.expect(re.escape("Garder cette partie pour la reprendre ? [O/n]"))
    child.sendline("non")
    child.expect("Au revoir.")
    child.expect(pexpect.EOF)
    watched = spawn("watch", "--rules", "escoba", "--seed", "3", "--lang", "es", env=dict(env, LANG="fr_FR.UTF-8"))
    watched.expect("Escoba, 2 jugadores, a 21 puntos; escoba con la última carta: no")
    watched.expect(pexpect.EOF)
    assert "Gana el equipo" in watched.logfile_read.getvalue() or "Empate" in watched.logfile_read.getvalue()
    bad = spawn("watch", "--lang", "de")
    bad.expect(r"--lang: unknown language 'de': the languages are en \(English\)")
    bad.expect(pexpect.EOF)
