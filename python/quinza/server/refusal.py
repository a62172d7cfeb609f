"""A request the server turns down, with the words to tell the client."""


class Refused(Exception):
    """A request the room turns down, with the words to tell the client."""
