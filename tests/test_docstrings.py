"""The examples in the reference's docstrings run and hold: the reference is read as the
specification, so its examples must be true."""

import doctest
import importlib
import pkgutil

import pytest

import quinza.reference

MODULES = sorted(m.name for m in pkgutil.iter_modules(quinza.reference.__path__, "quinza.reference."))


@pytest.mark.parametrize("name", MODULES)
def test_reference_docstring_examples(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


def test_every_reference_module_is_checked():
    assert {"quinza.reference.cards", "quinza.reference.fifteen", "quinza.reference.quinte"} <= set(MODULES)
