"""Markers of messages for the catalog (quinza.words re-exports them): a message written
where it is not yet said is marked so that Babel extracts it (scripts/catalog.py)."""


def N_(message: str) -> str:
    """Marks a message for the catalog where it is written; it is translated where it is
    said (`_(name)`)."""
    return message


def NP_(context: str, message: str) -> str:
    """Marks a message of a context for the catalog (`N_` with a context)."""
    return message
