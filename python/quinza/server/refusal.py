"""A request the server turns down, with the words to tell the client."""


class Refused(Exception):
    """A request the room turns down, with the words to tell the client: a text, or
    `words.later(...)` to be said in each client's language (`str()` says it in the
    language in force)."""
