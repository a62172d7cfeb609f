"""Sphinx configuration of the docs site: its pages are docs/ itself (myst-parser reads the
Markdown), this folder holds only the configuration. The API pages come from the docstrings
of the installed package (autodoc imports the compiled module, so the runtime docstrings
are the ones shown).

Build (docs/howto/build-wheels.md "The docs site"):

    python -m sphinx -W -n --keep-going -b html -c docs/site docs docs/_build/html

-W -n fail the build on any link to a page or heading that is not there (myst's
cross-reference warnings).
"""

from pathlib import Path
from typing import Any, Optional

from sphinx.environment import BuildEnvironment

import quinza
import quinza.reference

project = "quinza"
release = quinza.__version__
version = release
author = "the quinza authors"
copyright = "the quinza authors, MIT licence"

extensions = ["sphinx.ext.autodoc", "myst_parser"]
source_suffix = {".md": "markdown"}
exclude_patterns = ["_build", "site"]
root_doc = "index"

# Headings become link targets, so rules.md's table of contents (#the-baraja) resolves, and
# so does every link to a heading of another page (../reference/game.md#the-generator).
myst_heading_anchors = 4

# The docstrings write code as `x` (Markdown's single backticks): show that as code.
default_role = "code"

# :members: everywhere, so a method added to a class appears without editing a page.
# Inherited members too (the search bots' `analyse` is their shared base's), but not
# Game's again under FifteenGame and QuinteGame, nor what exceptions get from Python.
autodoc_default_options = {
    "members": True,
    "show-inheritance": True,
    "inherited-members": "Game, BaseException, object",
}
autodoc_member_order = "bysource"
autodoc_typehints = "signature"

# -n: every reference to a Python object must resolve, but for those of other projects
# (numpy, gymnasium, pettingzoo, starlette, the standard library: no intersphinx, the build reads
# nothing from the network), the attributes the gymnasium docstrings the envs inherit
# name, and the private classes a public signature names.
nitpicky = True
nitpick_ignore_regex = [
    ("py:class", r"(numpy|gymnasium|pettingzoo|starlette|os)\..*"),
    ("py:attr", r"render_mode|metadata|np_random_seed|observation_space|action_space"),
    ("py:class", r"quinza\.(_core|_registry|reference\.botargs|sim\._stats|study\.review)\.[A-Z]\w*"),
]

html_theme = "alabaster"
html_title = f"quinza {release}"


def skip_shared(app: Any, what: str, name: str, obj: Any, skip: bool, options: Any) -> Any:
    """On the reference's page, leave out what both twins share as one object (the
    exceptions, `SimulationResult`): it is documented once, on quinza's page."""
    if what == "module" and getattr(quinza.reference, name, None) is obj is getattr(quinza, name, None):
        if app.env.docname == "reference/twin":
            return True
    return None


# docs/rules.md is a link to python/quinza/rules.md (the package carries the rules). Sphinx
# reads the page as `rules`, but resolves a link to it through the symlink, outside docs/,
# and would find no page there: a path that is the rules' real file is the page `rules`.
RULES = (Path(__file__).resolve().parent.parent / "rules.md").resolve()
_path2doc = BuildEnvironment.path2doc


def path2doc(env: BuildEnvironment, filename: Any) -> Optional[str]:
    if Path(filename) == RULES:
        return "rules"
    return _path2doc(env, filename)


def setup(app: Any) -> None:
    BuildEnvironment.path2doc = path2doc  # type: ignore[method-assign]
    app.connect("autodoc-skip-member", skip_shared)
