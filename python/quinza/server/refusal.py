"""A request the server turns down, with the words to tell the client."""


class Refused(Exception):
    """A request the room turns down, with the words to tell the client: a text, or
    `words.later(...)` to be said in each client's language (`str()` says it in the
    language in force)."""


class Unsaved(Refused):
    """A move the engine took that the store could not keep (the room unchanged): its
    worker no longer holds the room, or the database is out of reach. Not the mover's
    fault: a bot's move is asked again and a stand-in's tried again (`Room._bot_turn`,
    `Room._timeout`)."""
