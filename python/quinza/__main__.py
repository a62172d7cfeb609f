"""The `quinza` command: `quinza play`, `quinza watch`, `quinza simulate`, `quinza ladder`,
`quinza analyze`, `quinza review`, `quinza serve`, `quinza join`, `quinza train`.

    quinza play --rules escoba --vs ismcts
    quinza watch --rules escoba --bots greedy,random --seed 1 --moves
    quinza simulate --rules rb3ine --players 4 --games 1000000 --bots greedy,random --seed 7
    quinza analyze --rules escoba --set opening_capture=false --level greedy --html lab.html
    quinza review match.txt --plot match.png
    quinza ladder --rules escoba --bots random,greedy,pimc:worlds=16 --games 100 --state ladder.json
    quinza serve --host 127.0.0.1 --port 8000 --db games.sqlite
    quinza join http://127.0.0.1:8000 --room ROOM --bot ismcts
    quinza train --rules escoba --positions 100000 --iterations 1000 --epochs 20 --seed 1 --out escoba.qzn
"""

from __future__ import annotations

import sys
from typing import Callable, Dict, List, Optional, Sequence, Tuple

from .cli.screen import quiet_pipe
from ._words import choice_text, quoted


def _play(argv: Sequence[str]) -> int:
    from .cli.play import play_main

    return play_main(argv)


def _watch(argv: Sequence[str]) -> int:
    from .cli.watch import watch_main

    return watch_main(argv)


def _simulate(argv: Sequence[str]) -> int:
    from .cli.simulate import simulate_main

    return simulate_main(list(argv))


def _analyze(argv: Sequence[str]) -> int:
    from .cli.analyze import analyze_main

    return analyze_main(list(argv))


def _review(argv: Sequence[str]) -> int:
    from .cli.review import review_main

    return review_main(argv)


def _ladder(argv: Sequence[str]) -> int:
    from .cli.ladder import ladder_main

    return ladder_main(list(argv))


def _serve(argv: Sequence[str]) -> int:
    from .cli.serve import serve_main

    return serve_main(argv)


def _join(argv: Sequence[str]) -> int:
    from .cli.join import join_main

    return join_main(argv)


def _train(argv: Sequence[str]) -> int:
    from .cli.train import train_main

    return train_main(list(argv))


COMMANDS: Dict[str, Tuple[Callable[[Sequence[str]], int], str]] = {
    "play": (_play, "play a match against bots in the terminal"),
    "watch": (_watch, "watch bots play one seeded match, deal by deal"),
    "simulate": (_simulate, "play many matches between bots and sum them up"),
    "ladder": (_ladder, "rate bots: every pair on the same deals, ratings with intervals"),
    "analyze": (_analyze, "the rules lab: what the seats, the target and the options do to a match"),
    "review": (_review, "value every move of a match record: inaccuracies, mistakes, blunders"),
    "serve": (_serve, "run the game server: rooms and seats over websockets"),
    "join": (_join, "sit a bot at a seat of a remote game server"),
    "train": (_train, "make a net for the net bot from the engine's own search"),
}


def usage() -> str:
    from ._version import __version__

    lines = [
        "usage: quinza <command> [options]",
        "",
        f"quinza {__version__}: Quinza, Rb3ine, Escoba de Quince and Quinte, exact and fast.",
        "",
        "commands:",
        *(f"  {name:<10}{text}" for name, (_, text) in COMMANDS.items()),
        "",
        "`quinza <command> --help` lists a command's options.",
    ]
    return "\n".join(lines)


def _dispatch(argv: List[str]) -> int:
    if not argv or argv[0] in ("-h", "--help", "help"):
        print(usage())
        return 0
    if argv[0] == "--version":
        from ._version import __version__

        print(f"quinza {__version__}")
        return 0
    if argv[0].startswith("-"):
        # `quinza --rules escoba --seed 1`, the one-match print of old: it is `watch` now.
        print("quinza: one match printed deal by deal is `quinza watch` now", file=sys.stderr)
        return _watch(argv)
    command = COMMANDS.get(argv[0])
    if command is None:
        print(usage(), file=sys.stderr)
        print(f"\nquinza: unknown command {quoted(argv[0])}: choose {choice_text(list(COMMANDS))}", file=sys.stderr)
        return 2
    return command[0](argv[1:])


def main(argv: Optional[List[str]] = None) -> int:
    args = sys.argv[1:] if argv is None else list(argv)
    return quiet_pipe(lambda: _dispatch(args))


if __name__ == "__main__":
    sys.exit(main())
