"""The game server (`pip install "quinza[server]"`): rooms and seats over websockets, an
ASGI app to run alone (`uvicorn`) or mount in your own. docs/reference/wire.md has the protocol.

    from quinza.server import create_app
    app = create_app(db="games.sqlite")
"""

from .app import create_app

__all__ = ["create_app"]
