"""The reference imports nothing compiled: where `quinza._core` cannot load, `import
quinza.reference` plays, simulates and reviews a match, and the compiled twin's names say
why they are missing."""

from __future__ import annotations

import subprocess
import sys
import textwrap

# Run in a fresh interpreter where importing quinza._core fails (as where the wheel's
# compiled module cannot load), and report what was loaded.
PROBE = textwrap.dedent("""
    import sys
    sys.modules["quinza._core"] = None  # importing it now raises ImportError
    import quinza.reference as ref

    game = ref.play_match("escoba", "greedy,random", 7)
    assert game.is_over, game
    result = ref.simulate("escoba", 3, bots="greedy,random", seed=1)
    assert len(result) == 3 and result.engine == "reference"
    assert result.match_seed(2) == ref.match_seed(1, 2)
    reviewed = ref.play_match("quinza", "greedy", 3)
    review = ref.review(reviewed, bot="pimc:worlds=2,exact=0", hindsight=0)
    assert len(review.moves) == sum(1 for e in reviewed.history if e.kind == "move") > 0
    assert sys.modules["quinza._core"] is None  # still blocked: never loaded
    from quinza.engines import engine
    assert engine("reference") is ref.ENGINE
    import quinza
    try:
        quinza.Game
    except ImportError as error:
        print("missing:", error)
    try:
        engine("rust")
    except ImportError as error:
        print("engine:", error)
    print("loaded:", sorted(m for m in sys.modules if m.startswith("quinza.") and sys.modules[m] is not None
                            and getattr(sys.modules[m], "__file__", "").endswith((".so", ".pyd"))))
""")


def run_probe() -> str:
    out = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr
    return out.stdout


def test_the_reference_plays_simulates_and_reviews_without_the_compiled_core() -> None:
    out = run_probe()
    assert "loaded: []" in out  # no compiled module of the package was loaded
    # The compiled twin's names and its engine say what went wrong, and where to turn.
    for line in ("missing:", "engine:"):
        said = next(text for text in out.splitlines() if text.startswith(line))
        assert "the compiled core of quinza (quinza._core) could not load" in said
        assert "quinza.reference" in said


def test_the_probe_sees_the_compiled_core_when_it_loads() -> None:
    # The probe itself must be able to fail: without the block, quinza._core loads.
    probe = "import quinza.reference, quinza, sys; print('quinza._core' in sys.modules and sys.modules['quinza._core'] is not None)"
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=600)
    assert out.stdout.split() == ["True"]


def test_the_command_line_simulates_on_the_reference_without_the_compiled_core() -> None:
    probe = textwrap.dedent("""
        import sys
        sys.modules["quinza._core"] = None
        from quinza.__main__ import main
        sys.exit(main(["simulate", "--rules", "escoba", "--games", "3", "--bots", "greedy,random",
                       "--seed", "1", "--engine", "reference", "--json"]))
    """)
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr
    assert '"games": 3' in out.stdout
