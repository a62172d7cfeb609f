"""The version of the installed package, read from its metadata (pyproject.toml holds it)."""

from importlib.metadata import version

__version__ = version("quinza")
