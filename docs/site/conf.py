"""Sphinx configuration of the docs site (docs/site/): the API pages come from the
docstrings of the installed package (autodoc imports the compiled module, so the runtime
docstrings are the ones shown), the prose from docs/rules.md and docs/engine.md, included
here as they are (myst-parser reads the Markdown).

Build (README "Docs"): python -m sphinx -W --keep-going -b html docs/site docs/_build/html

The prose pages are included rather than read from docs/ itself: Sphinx resolves the
docs/rules.md symlink to python/quinza/rules.md, outside its source folder, and then
cannot find the page that engine.md links to.
"""

from typing import Any

import quinza
import quinza.reference

project = "quinza"
release = quinza.__version__
version = release
author = "the quinza authors"
copyright = "the quinza authors, MIT licence"

extensions = ["sphinx.ext.autodoc", "myst_parser"]
source_suffix = {".md": "markdown"}
exclude_patterns = ["_build"]
root_doc = "index"

# Headings become link targets, so rules.md's table of contents (#the-baraja) resolves.
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

html_theme = "alabaster"
html_title = f"quinza {release}"


def skip_shared(app: Any, what: str, name: str, obj: Any, skip: bool, options: Any) -> Any:
    """On the reference's page, leave out what both twins share as one object (the
    exceptions, `SimulationResult`): it is documented once, on quinza's page."""
    if what == "module" and getattr(quinza.reference, name, None) is obj is getattr(quinza, name, None):
        if app.env.docname == "reference":
            return True
    return None


def setup(app: Any) -> None:
    app.connect("autodoc-skip-member", skip_shared)
