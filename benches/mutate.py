"""The long mutation-fuzzing run: game JSON and from_position mutants on both twins.

    python benches/mutate.py [--seconds 600] [--seed 1] [--out mutate.json]

Uses the mutators of tests/test_mutation.py. Each JSON mutant goes in as str and as UTF-8
bytes; each from_position mutant as keyword arguments. Prints the counts of mutants,
accepted (by both), refused (by both, with the same error), and disagreements by class,
and writes them with the shortest example of each class as JSON.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
import time
from pathlib import Path
from typing import Any, Dict, List

# The repository, for the tests' helpers; quinza itself is the installed package (its
# compiled core is not in python/).
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import quinza  # noqa: E402
import quinza.reference as ref  # noqa: E402
from tests.test_mutation import (  # noqa: E402
    TOP, corpus, json_mutant, position_mutant, positions, run_json, run_position,
)


def safe_repr(value: Any) -> str:
    """repr, even of a 5000-digit int (the limit is raised only while printing)."""
    old = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)
    try:
        return repr(value)
    finally:
        sys.set_int_max_str_digits(old)


def classify(subject: str, a: List[Any], b: List[Any]) -> str:
    """The known class a disagreement belongs to, or "other" (the ones worth reading)."""
    text = subject if isinstance(subject, str) else safe_repr(subject)
    both = safe_repr(a) + safe_repr(b)
    if "recursion limit" in both or "nesting" in both:
        return "nesting"
    if "4300 digits" in both or "more than 4300" in both:
        return "huge-integer"
    if "BOM" in both and ("\ufeff" in text[:4] or "\\ufeff" in text[:12] or "xef\\xbb\\xbf" in text[:40]):
        return "bom-feff"
    if "-0" in text and ("not 0'" in both or "not 0)" in both or "not 0" in both):
        return "minus-zero"
    if any(c in both for c in ("\\u", "\\U", "\\x")):
        return "escaped-characters"
    if str(TOP + 1) in both or str(TOP) in text or str(TOP - 1) in text or str(TOP + 1) in text:
        return "top-of-range"
    return "other"


KNOWN = re.compile(r"-0(?![.\deE])|\d{4300}|\ufeff|\\ufeff|[^\x00-\x7f]|\\u0[0-9a-f]{3}|\\u[1-9a-f]|"
                   + str(TOP - 1)[:-1] + r"|" + str(TOP + 1)[:-1])


def nesting(text: str) -> int:
    """The deepest nesting of brackets outside strings."""
    depth = deepest = 0
    in_string = escaped = False
    for c in text:
        if in_string:
            if escaped:
                escaped = False
            elif c == "\\":
                escaped = True
            elif c == '"':
                in_string = False
        elif c == '"':
            in_string = True
        elif c in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif c in "]}":
            depth -= 1
    return deepest


def known(text: str) -> bool:
    """Whether a mutant holds what one of the known classes is about (--skip-known leaves
    those out, so that what disagrees is something else)."""
    return bool(KNOWN.search(text)) or nesting(text) > 100


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=600)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", default="mutate.json")
    parser.add_argument("--skip-known", action="store_true", help="leave out mutants of the known classes")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    texts, kwargs_texts = corpus(), positions()
    counts: Dict[str, int] = {"mutants": 0, "accepted": 0, "refused": 0, "disagreements": 0}
    classes: Dict[str, int] = {}
    examples: Dict[str, Dict[str, Any]] = {}
    start = time.monotonic()
    while time.monotonic() - start < args.seconds:
        seed = rng.getrandbits(32)
        local = random.Random(seed)
        if local.random() < 0.6:
            text = json_mutant(local, texts[local.randrange(len(texts))])
            subjects = [("json-str", text), ("json-bytes", text.encode("utf-8", "surrogatepass"))]
            runner = run_json
        else:
            subjects = [("position", position_mutant(local, kwargs_texts[local.randrange(len(kwargs_texts))]))]
            runner = run_position
        if args.skip_known and known(safe_repr(subjects[0][1]) if subjects[0][0] == "position" else subjects[0][1]):
            continue
        for label, subject in subjects:
            counts["mutants"] += 1
            a, b = runner(quinza, subject, seed=seed), runner(ref, subject, seed=seed)
            if a != b:
                counts["disagreements"] += 1
                kind = classify(subject if label != "position" else safe_repr(subject), a, b)
                classes[kind] = classes.get(kind, 0) + 1
                shown = subject if isinstance(subject, (str, dict)) else subject.decode("utf-8", "backslashreplace")
                size = len(safe_repr(shown))
                key = f"{kind}/{label}"
                if key not in examples or size < examples[key]["size"]:
                    step = next(i for i, (x, y) in enumerate(zip(a + [None], b + [None])) if x != y)
                    examples[key] = {"size": size, "seed": seed, "input": safe_repr(shown)[:3000],
                                     "step": step, "quinza": safe_repr(a[step] if step < len(a) else None)[:1500],
                                     "reference": safe_repr(b[step] if step < len(b) else None)[:1500]}
            elif len(a) == 1 and isinstance(a[0], tuple):
                counts["refused"] += 1
            else:
                counts["accepted"] += 1
        if counts["mutants"] % 2000 < len(subjects):
            print(counts, classes, flush=True)
    report = {"counts": counts, "classes": classes, "examples": examples, "seconds": args.seconds, "seed": args.seed}
    Path(args.out).write_text(json.dumps(report, indent=1, ensure_ascii=True))
    print(json.dumps({"counts": counts, "classes": classes}))
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
