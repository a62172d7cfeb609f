"""The match at the terminal of `quinza play`: the screen of the human's seat, its moves
by number or notation, hints, undo, saving the record, and the bots' turns."""

from __future__ import annotations

import contextlib
import math
import sys
import time
from typing import Any, List, Optional, Sequence

from rich.panel import Panel
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from ..engines import Engine
from .. import _phrases
from ..words import N_, _, current, ngettext, pgettext
from ..sim.matches import seat_players
from ..bots import bot_name
from . import keep, screen

# The help, said in the language in force (`help_text`).
HELP = N_("""\
  a number        play the move of that number
  a move's text   play it: 5e x 7c 3o, 7o, Ah, pass, double ... (any text Move reads)
  ?               a hint: every legal move valued by a pimc search (this deal's points
                  for your side minus the others', on average)
  u               undo your last move (and the bots' moves after it)
  s [FILE]        save the match record to FILE; quinza play --resume FILE goes
                  on with it (default FILE: {default})
  r               once the match is over: review it, every move valued from the seat
                  that made it (quinza review: inaccuracies, mistakes, blunders)
  h               this help
  q               quit; asks "Keep this match to resume later?" (yes unless you
                  say n); Ctrl-D and Ctrl-C quit and keep it without asking, in
                  the file s saves to (with --no-save nothing is kept)""")
# Where a card's value toward the sum is not its number (escoba's court cards).
VALUES_HELP = N_("A card shows its value for the sum where it is not its number: 12c(10) is {card}, which counts 10.")


def help_text(default: str, values: Any) -> str:
    """The help, and the card values where the rules count a card otherwise than its number."""
    text = _(HELP, default=default)
    if values is not None and list(values) != [1, 2, 3, 4, 5, 6, 7, 10, 11, 12]:
        text += "\n" + _(VALUES_HELP, card=current().card("12c"))
    return text



class Session:
    """One match at the terminal: the game, whose seat is human, the bots of the others."""
    def __init__(self, api: Engine, game: Any, seat: int, bots: List[Any], out: Any, hint: Any, delay: float,
                 seed: int, resumed_from: Optional[str] = None, keeps: bool = True, forced: str = "auto") -> None:
        self.api = api
        self.game = game
        self.seat = seat
        self.out = out
        self.hint_bot = hint
        self.delay = delay
        self.seed = seed
        self.rules = game.rules
        self.row = next(r for r in api.rule_sets() if r["name"] == self.rules.name)
        # The bots, built as simulate builds them: each seeded with its seat's seed (the
        # human's seat gets a stand-in that is never asked).
        stand_in = seat_players(api, [b if b is not None else "random" for b in bots], seed)
        self.bots = [None if b is None else p for b, p in zip(bots, stand_in)]
        self.labels = ["you" if b is None else bot_name(api, b) for b in bots]
        # s saves, and leaving keeps the match, where it was resumed from, else in a new
        # file; then where s last saved it
        self.record_file = resumed_from or keep.default_file()
        self.resumed_from = resumed_from
        self.keeps = keeps  # False with --no-save: leaving keeps nothing
        # a move that is the only legal one is played at once ("play"; "auto": where the rules
        # are played in tricks, whose following is often forced), else asked for ("ask")
        self.forced = forced == "play" or (forced == "auto" and _phrases.tricks(self.rules))
        self.undone = False  # after an undo a forced move is asked for, so u may go further back

    # -- words ------------------------------------------------------------------------------

    def name(self, seat: Optional[int]) -> str:
        if seat is None:
            return _("no one")
        if seat == self.seat:
            return _("you")
        # the bot's kind alone (its parameters are in the header), and whether it plays with you
        bot = _phrases.bot_text(self.labels[seat].split(":")[0])
        if self.game.side_of(seat) == self.game.side_of(self.seat):
            return _("seat {seat} ({bot}, your partner)", seat=seat, bot=bot)
        return _("seat {seat} ({bot})", seat=seat, bot=bot)

    def short(self, seat: int) -> str:
        return _("you") if seat == self.seat else _phrases.seat(seat)

    def whose(self, seat: int) -> str:
        # TRANSLATORS: before a move taken back, "your 6c x 11c"
        return pgettext("move", "your") if seat == self.seat else pgettext("move", "seat {seat}'s", seat=seat)

    def side_short(self, side: int) -> str:
        seats = self.side_seats(side)
        if len(seats) == 1:
            return self.name(seats[0])
        return _("your side") if self.seat in seats else _phrases.side(side)

    def side_seats(self, side: int) -> List[int]:
        return [s for s in range(self.rules.players) if self.game.side_of(s) == side]

    def side_name(self, side: Optional[int]) -> str:
        if side is None:
            return _phrases.side(None)
        seats = self.side_seats(side)
        if len(seats) == 1:
            return self.name(seats[0])
        seats_text = ", ".join(map(str, seats))
        if self.seat in seats:
            return _("your side (seats {seats})", seats=seats_text)
        return _("side {side} (seats {seats})", side=side, seats=seats_text)

    def say(self, text: Any, style: Optional[str] = None) -> None:
        self.out.print(text, style=style)

    # -- the match --------------------------------------------------------------------------

    def run(self) -> int:
        self.out.print(Rule(_("quinza play · {game} · seed {seed}", game=_phrases.rule_set_name(self.rules.name),
                              seed=self.seed)))
        self.say(Text(_phrases.rules_text(self.rules), style="dim"))
        g = self.game
        who = ", ".join(
            _("seat {seat} {bot} (your partner)", seat=s, bot=_phrases.bot_text(self.labels[s]))
            if g.side_of(s) == g.side_of(self.seat) else _("seat {seat} {bot}", seat=s, bot=_phrases.bot_text(self.labels[s]))
            for s in range(self.rules.players) if s != self.seat)
        self.say(_("you are seat {seat}; the bots: {bots}. h for help.", seat=self.seat, bots=who))
        try:
            if self.resumed_from is None:
                self.show_events(g.start_events)
            else:
                moves = sum(e.kind == "move" for e in g.history)
                self.say(_("resumed from {file}: deal {deal}, {moves} played, scores: {scores}",
                           file=self.resumed_from, deal=g.deal_number, scores=self.scores_text(),
                           moves=ngettext("{count} move", "{count} moves", moves)))
            while True:
                if g.is_over:
                    if not self.after_the_end():
                        return 0
                elif g.turn == self.seat:
                    if not self.human_turn():
                        return 0
                else:
                    self.bot_turn()
        except KeyboardInterrupt:
            self.say("")
            self.leave(_("interrupted"), ask=False)
            return 130

    def leave(self, why: str, ask: bool) -> None:
        """Say goodbye; a match not over is kept (`keep`), after asking if `ask`."""
        g = self.game
        if g.is_over:
            self.say(_("{why}: the match is over (seed {seed}). Bye.", why=why, seed=self.seed))
            return
        kept = self.keeps and (not ask or keep.wanted(self.read, self.say))
        self.say(_("{why}: the match is left at deal {deal} (seed {seed}), scores {scores}.", why=why,
                   deal=g.deal_number, seed=self.seed, scores=self.scores_text()))
        failed = keep.write(g, self.labels, self.record_file) if kept else None
        if kept:  # a path is not broken across lines: the terminal wraps it, if need be
            self.out.print(failed or keep.kept_line(self.record_file), soft_wrap=True)
        self.say(_("Bye."))

    def bot_turn(self) -> None:
        g = self.game
        seat = g.turn
        bot = self.bots[seat]
        if self.out.is_terminal and self.labels[seat].split(":")[0] in self.api.SEARCH_BOTS:
            with self.out.status(_("{who} is thinking ...", who=self.name(seat))):
                move = bot(g)
        else:
            move = bot(g)
        self.play(move)
        if self.delay:
            time.sleep(self.delay)

    def play(self, move: Any) -> None:
        """Play a legal move for the seat to play, and tell what happened."""
        self.show_events(self.game.play(move))

    def show_events(self, events: Sequence[Any]) -> None:
        for e in events:
            if e.kind == "move":
                self.say(screen.move_line(self.name(e.seat), e.move, e.seat == self.seat))
                continue
            if e.kind == "deal_scored":
                line = self.deal_line(e.deal)
            elif e.kind == "match_over":
                line = screen.match_over_line(self.outcome(e.side))
            else:
                line = screen.event_line(e, self.name, self.side_name, self.seat)
            if line is not None:
                self.say(line)
            if e.kind == "deal_scored":
                self.say(_("scores: {scores}", scores=self.scores_text()))
            if e.kind == "match_over":
                deals = len(self.game.deals)
                self.say(_("final scores: {scores} after {deals}", scores=self.scores_text(),
                           deals=ngettext("{count} deal", "{count} deals", deals)), style="bold")

    def outcome(self, side: Optional[int]) -> str:
        """Who won the match, said to the human: "you win", "your side (seats 0, 2) wins"."""
        if side is None:
            return _("a draw")
        if self.side_seats(side) == [self.seat]:
            return _("you win")
        return _("{who} wins", who=self.side_name(side))

    def deal_line(self, deal: Any) -> Any:
        """A deal's points per side, and what made them (the parts that gave points)."""
        parts = []
        for side, detail in enumerate(deal.details):
            made = _phrases.details_text(detail)
            parts.append(_("{side} +{points}", side=self.side_short(side), points=deal.points[side])
                         + (f" ({made})" if made else ""))
        return Text(_("deal {number} scored: {points}", number=deal.deal_number, points=" · ".join(parts)),
                    style="bold")

    def scores_text(self) -> str:
        scores = ", ".join(f"{self.side_short(s)} {v}" for s, v in enumerate(self.game.scores))
        return _("{scores} (target {target})", scores=scores, target=self.rules.target)

    # -- the human's turn -------------------------------------------------------------------

    def human_turn(self) -> bool:
        """Draw the screen and take commands until a move is played; False to end."""
        moves = self.game.legal_moves()
        if len(moves) == 1 and self.forced and not self.undone:
            self.say(Text(_("your only legal move, played at once:"), style="dim"))
            self.play(moves[0])
            return True
        self.undone = False
        self.out.print(self.screen())
        self.out.print(self.moves_table(moves))
        while True:
            try:
                line = self.read(_("your move> "))
            except EOFError:
                self.say("")
                self.leave(_("end of input"), ask=False)
                return False
            answer = self.command(line, moves)
            if answer == "quit":
                self.leave(_("you quit"), ask=True)
                return False
            if answer == "moved":
                return True
            if answer == "redraw":
                return True  # the position changed (undo): draw it again

    def read(self, prompt: str) -> str:
        if self.out.is_terminal:
            return str(self.out.input(Text(prompt, style="bold")))
        self.out.print(prompt, end="")
        self.out.file.flush()
        line = input()
        if not sys.stdin.isatty():
            self.out.print(line)  # keys from a file or a pipe: show them, as a terminal would
        return line

    def command(self, line: str, moves: List[Any]) -> str:
        """Do what one line asks; returns "moved", "redraw", "quit" or "again"."""
        text = line.strip()
        word, rest = text.partition(" ")[::2]
        if not text:
            self.say(_("type a move's number (1 to {last}) or its text; h for help", last=len(moves)))
        elif text.isdigit():
            n = int(text)
            if not 1 <= n <= len(moves):
                self.say(_("no move {number}: choose 1 to {last}", number=n, last=len(moves)))
            else:
                self.play(moves[n - 1])
                return "moved"
        elif text == "?":
            self.hint(moves)
        elif word.lower() in ("h", "help"):
            self.say(help_text(self.record_file, self.rules.values))
        elif text.lower() in ("q", "quit", "exit"):
            return "quit"
        elif text.lower() in ("u", "undo"):
            return "redraw" if self.undo() else "again"
        elif word.lower() in ("s", "save"):
            self.save(rest.strip())
        else:
            try:
                self.play(text)
                return "moved"
            except ValueError as error:  # IllegalMoveError is one: the game is unchanged
                self.say(_("{error} (h for help)", error=error))
        return "again"

    def hint(self, moves: List[Any]) -> None:
        with self.out.status(_("thinking ...")) if self.out.is_terminal else _Nothing():
            values = self.hint_bot.analyse(self.game)
        if len(values) == 1 and math.isnan(values[0][1]):
            self.say(_("hint: there is only one legal move"))
            return
        self.say(Text(_("hint: each move's mean value in a pimc search of {worlds} worlds (this deal's points, "
                        "your side's minus the others')", worlds=self.hint_bot.worlds), style="bold"))
        table = Table(box=None, show_header=True, padding=(0, 2))
        table.add_column("#", justify="right", style="bold cyan")
        table.add_column(_("move"))
        table.add_column(_("value"), justify="right")
        for move, value in values:
            table.add_row(str(moves.index(move) + 1), screen.move_text(move), f"{value:+.2f}")
        self.out.print(table)

    def undo(self) -> bool:
        """Take back the human's last move and the bots' moves after it."""
        moves = [e for e in self.game.history if e.kind == "move"]
        movers = [e.seat for e in moves]
        if self.seat not in movers:
            self.say(_("nothing of yours to undo yet"))
            return False
        taken = moves[len(moves) - movers[::-1].index(self.seat) - 1:]
        for _move in taken:
            self.game.undo()
        self.undone = True
        said = Text(", ").join(Text.assemble(f"{self.whose(e.seat)} ", screen.move_text(e.move)) for e in taken)
        self.say(Text.assemble(_("took back:") + " ", said))
        return True

    def save(self, name: str) -> None:
        path = name or self.record_file
        failed = keep.write(self.game, self.labels, path)
        if failed:
            self.say(failed)
            return
        self.record_file = path  # leaving keeps the match here too
        self.say(_("the match record is saved in {file}", file=path))

    def after_the_end(self) -> bool:
        """The match is over: save, undo or leave. False to end."""
        while True:
            try:
                line = self.read(_("the match is over: s [FILE] saves its record, r reviews it move by move, "
                                   "u undoes, q quits> "))
            except EOFError:
                self.say("")
                return False
            text = line.strip().lower()
            word = text.partition(" ")[0]
            if text in ("", "q", "quit", "exit"):
                return False
            if text in ("u", "undo"):
                if self.undo():
                    return True
            elif word in ("s", "save"):
                self.save(line.strip().partition(" ")[2].strip())
            elif text in ("r", "review"):
                self.review()
            elif text in ("h", "help"):
                self.say(help_text(self.record_file, self.rules.values))
            else:
                self.say(_("the match is over: s [FILE] saves its record, r reviews it move by move, "
                           "u undoes your last move, q quits"))

    def review(self) -> None:
        """Every move of the match valued from its seat (`quinza.review`), told as text."""
        self.say(_("reviewing every move from the seat that made it (a search over what it could see) ..."))
        try:
            with self.out.status(_("reviewing ...")) if self.out.is_terminal else contextlib.nullcontext():
                text = str(self.api.review(self.game.record(players=self.labels)))
        except ValueError as error:
            self.say(_("the review could not be made: {error}", error=error))
            return
        self.out.print(Text(text))

    # -- the screen -------------------------------------------------------------------------

    def card(self, text: str) -> Any:
        return self.api.Card(text, deck=self.rules.deck)

    def cards(self, texts: Sequence[str]) -> Any:
        """Cards of the hand or the table, escoba's values shown (`screen.card_text`)."""
        return screen.cards_text([self.card(t) for t in texts], values=self.rules.values)

    def screen(self) -> Any:
        """What the human's seat may know, from its observation."""
        obs = self.game.observation(self.seat)
        n = self.rules.players
        grid = Table.grid(padding=(0, 2))
        grid.add_column(style="bold")
        grid.add_column()
        scores = "   ".join(f"{self.side_name(s)} {v}" for s, v in enumerate(obs["scores"]))
        grid.add_row(_("scores"), _("{scores}   (target {target})", scores=scores, target=self.rules.target))
        if self.row["family"] == "quinte":
            bids = ", ".join(_phrases.bid_text(w, s == self.seat, self.short(s)) for s, w in obs["bids"]) or "-"
            grid.add_row(_("bids"), f"{bids}   (x{obs['multiplier']})")
            trick = Text("   ").join(Text.assemble(f"{self.short(s)} ", screen.card_text(self.card(c)))
                                     for s, c in obs["trick"]) if obs["trick"] else Text("-", style="dim")
            grid.add_row(_("trick"), trick)
            grid.add_row(_("tricks won"), "   ".join(f"{self.side_short(s)} {t}" for s, t in enumerate(obs["tricks_won"])))
            grid.add_row(_("quints"), "   ".join(f"{self.side_short(s)} {q}" for s, q in enumerate(obs["quints"])))
            grid.add_row(_("cachette"), _phrases.cards(obs["stock"]))
        else:
            grid.add_row(_("table"), self.cards(obs["table"]))
            grid.add_row(_("stock"), _phrases.cards(obs["stock"]))
            if self.row["sweeps"]:
                grid.add_row(_("escobas"), "   ".join(f"{self.side_short(s)} {v}" for s, v in enumerate(obs["escobas"])))
        grid.add_row(_("piles"), "   ".join(f"{self.side_short(s)} {_phrases.cards(len(p))}"
                                           for s, p in enumerate(obs["piles"])))
        grid.add_row(_("hands"), "   ".join(f"{self.short(s)} {_phrases.cards(obs['hand_sizes'][s])}"
                                           for s in range(n) if s != self.seat))
        grid.add_row(_("your hand"), self.cards(obs["hand"]))
        dealt = _("you dealt") if obs["dealer"] == self.seat else _("seat {seat} dealt", seat=obs["dealer"])
        title = _("{game} · deal {deal} · {dealt}", game=_phrases.rule_set_name(self.rules.name),
                  deal=obs["deal_number"], dealt=dealt)
        if self.row["family"] == "quinte":
            title += " · " + (_("doubling") if obs["phase"] == "doubling" else _("play"))
        return Panel(grid, title=title, title_align="left", subtitle=_("your turn"), subtitle_align="left",
                     expand=False)

    def moves_table(self, moves: List[Any]) -> Any:
        """The legal moves by number, each hand card's moves on one line."""

        lines: List[Any] = []
        groups: List[List[int]] = []
        for i, m in enumerate(moves):
            if groups and moves[groups[-1][0]].card == m.card and m.card is not None:
                groups[-1].append(i)
            else:
                groups.append([i])
        one_line = all(len(g) == 1 for g in groups)
        if one_line:  # quinte, or every card has one move: one line of numbers
            lines.append(Text("   ").join(Text.assemble((f"{i + 1} ", "bold cyan"), screen.move_text(moves[i]))
                                          for g in groups for i in g))
        else:
            for g in groups:
                lines.append(Text("  ").join(Text.assemble((f"{i + 1:>2} ", "bold cyan"), screen.move_text(moves[i]))
                                             for i in g))
        return Text.assemble(Text(_("your moves:") + "\n", style="bold"), Text("\n").join(lines))


class _Nothing:
    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: Any) -> None:
        return None
