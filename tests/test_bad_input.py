"""Bad input gets a clear ValueError on both backends, the same one, and nothing crashes."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import quinza
import quinza.reference as ref

from .conftest import deck, outcome, position, random_play

CARD_TEXT = st.text(alphabet="0123456789ocebOCEBxX ,\t-", max_size=12) | st.text(max_size=8)
QUINTE_TEXT = (
    st.text(alphabet="0123456789scdhSCDHjqkaJQKAxXo \t\n", max_size=10)
    | st.sampled_from(["pass", "DOUBLE", " redouble ", "Redouble", "pass pass", "JK", "jk", "10h", "010h", "Ah x Kh"])
    | st.text(max_size=6)
)


@given(text=CARD_TEXT)
def test_card_and_move_parsing_agree_on_any_text(text):
    for call in (lambda q: q.Card(text), lambda q: q.Move.parse(text)):
        a, b = outcome(lambda: str(call(quinza))), outcome(lambda: str(call(ref)))
        assert a == b
        assert a[0] in ("ok", "ValueError")


@given(text=QUINTE_TEXT, deck=st.sampled_from(["quinte", "baraja", "Quinte", None, 3]))
def test_quinte_card_and_move_parsing_agree_on_any_text(text, deck):
    # Cards, moves and bids of the quinte deck, and bad deck names, on both backends.
    calls = (
        lambda q: q.Card(text, deck=deck),
        lambda q: q.Card.parse(text, deck),
        lambda q: q.Move.parse(text, deck=deck),
        lambda q: q.Move(text, deck=deck),
        lambda q: q.Move(text, [text], deck=deck),
        lambda q: q.Move(q.Card(text, "quinte"), deck=deck),
    )
    for call in calls:
        show = lambda x: (str(x), repr(x), getattr(x, "deck", None), getattr(x, "bid", None), str(getattr(x, "card", None)))
        a, b = outcome(lambda: show(call(quinza))), outcome(lambda: show(call(ref)))
        assert a == b
        assert a[0] in ("ok", "ValueError", "TypeError")


@given(card_id=st.one_of(st.integers(-2, 60), st.booleans(), st.none(), st.text(max_size=2)),
       deck=st.sampled_from(["quinte", "baraja", "joker"]))
def test_card_from_id_agrees_in_both_decks(card_id, deck):
    def card(q):
        c = q.Card.from_id(card_id, deck=deck)
        return str(c), c.id, c.suit, c.rank, c.deck, c.is_joker
    a, b = outcome(lambda: card(quinza)), outcome(lambda: card(ref))
    assert a == b
    assert a[0] in ("ok", "ValueError")


@given(
    name=st.sampled_from(["quinza", "rb3ine", "escoba", "quinte", "", "Quinza", "Quinte"]),
    players=st.one_of(st.none(), st.integers(-2, 6), st.text(max_size=2), st.booleans()),
    target=st.one_of(st.none(), st.integers(-5, 400), st.floats(allow_nan=False)),
    options=st.dictionaries(
        st.sampled_from(["setenta", "opening_capture", "escoba_on_last_card", "bogus"]),
        st.one_of(st.booleans(), st.sampled_from(["prime", "sum", "max"]), st.integers(0, 1)),
        max_size=3,
    ),
)
def test_rules_agree_on_any_settings(name, players, target, options):
    a = outcome(lambda: repr(quinza.Rules(name, players=players, target=target, **options)))
    b = outcome(lambda: repr(ref.Rules(name, players=players, target=target, **options)))
    assert a == b
    assert a[0] in ("ok", "ValueError")


@settings(max_examples=300)
@given(
    name=st.sampled_from(["quinza", "rb3ine", "escoba"]),
    players=st.sampled_from([2, 3, 4]),
    places=st.lists(st.integers(0, 12), min_size=40, max_size=40),
    dealer=st.integers(-1, 4),
    turn=st.one_of(st.none(), st.integers(-1, 4)),
    drop=st.integers(0, 45),
    dup=st.integers(0, 45),
)
def test_random_positions_are_accepted_or_refused_alike(name, players, places, dealer, turn, drop, dup):
    # Deal the 40 cards at random to hands, table, stock and piles; sometimes lose one or
    # name one twice. Both backends must accept the same positions and refuse the rest
    # with the same message.
    cards = deck()
    hands = [[] for _ in range(players)]
    sides = 2 if players == 4 else players
    piles = [[] for _ in range(sides)]
    table, stock = [], []
    for card, place in zip(cards, places):
        if place < players:
            hands[place].append(card)
        elif place < 6:
            table.append(card)
        elif place < 9:
            stock.append(card)
        else:
            piles[place % sides].append(card)
    if drop < 40:
        for group in hands + piles + [table, stock]:
            if cards[drop] in group:
                group.remove(cards[drop])
    if dup < 40:
        table.append(cards[dup])

    def build(q):
        g = q.Game.from_position(q.Rules(name, players=players), hands=hands, table=table, stock=stock,
                                 dealer=dealer, turn=turn, piles=piles)
        return g.to_json(), [str(m) for m in g.legal_moves()], g.count_legal_moves()

    a, b = outcome(lambda: build(quinza)), outcome(lambda: build(ref))
    assert a == b
    assert a[0] in ("ok", "ValueError")


@settings(max_examples=300)
@given(text=st.text(max_size=60) | st.binary(max_size=40).map(lambda b: b.decode("latin-1")))
def test_garbage_json_is_a_value_error(text):
    for q in (quinza, ref):
        with pytest.raises(ValueError) as error:
            q.Game.from_json(text)
        assert str(error.value).startswith("invalid game JSON: ")


HALF = "invalid game JSON: not JSON ({!r} is half a surrogate pair, not Unicode)"


def test_half_a_surrogate_pair_gets_one_message_in_a_key_or_a_value(q):
    """Half a surrogate pair in a string, a key or a value, escaped in the text or raw in
    the str (or in UTF-8 bytes, as "surrogatepass" writes it), even in a value that a later
    duplicate key drops: one message, naming the first half in the text."""
    game = q.Game("escoba", seed=1).to_json()
    for half in ("\\ud800", "\ud800"):
        texts = [
            '{"' + half + 'name": 1}',
            '{"name": "' + half + '"}',
            game.replace('"table":[', '"' + half + '":1,"table":['),
            game.replace('"rules":{', '"rules":{"' + half + '":1,'),
            game.replace('"table":[', '"table":["' + half + '",'),
            game.replace('"table":[', '"table":"' + half + '","table":['),  # dropped by the duplicate
            game.replace('"table":[', '"table":[{"' + half + '":1},1],"table":['),
        ]
        for text in texts:
            for given in (text, text.encode("utf-8", "surrogatepass")):
                with pytest.raises(ValueError) as error:
                    q.Game.from_json(given)
                assert str(error.value) == HALF.format("\ud800"), given
    # The first in the text; a whole pair is a character, escaped or raw; a syntax error
    # anywhere comes first, in the words of Python's json.
    for text, first in [('["\\udfff", "\ud800"]', "\udfff"), ('{"a": "\ud800", "\\udc00": 1}', "\ud800"),
                        ('["\\ud83d\\ude00", "\\ud83d"]', "\ud83d"), ('["\U0001f600", "\udc00"]', "\udc00")]:
        with pytest.raises(ValueError) as error:
            q.Game.from_json(text)
        assert str(error.value) == HALF.format(first), text
    for text, at in [('["\\ud800" 1]', 10), ('["\ud800" 1]', 5)]:
        with pytest.raises(ValueError) as error:
            q.Game.from_json(text)
        assert str(error.value) == f"invalid game JSON: not JSON (Expecting ',' delimiter: line 1 column {at + 1} (char {at}))"


# JSON strings of a few pieces: halves of surrogate pairs escaped and raw, which make a
# whole pair when a high one comes before a low one, a whole pair, plain text. Keys come
# again often, so that a later duplicate drops a value that held a half.
_PIECES = ["\\ud800", "\\udbff", "\\udc00", "\ud800", "\udfff", "\\ud83d\\ude00", "\U0001f600", "a", "\\\\"]
_STRINGS = st.lists(st.sampled_from(_PIECES), max_size=3).map(lambda pieces: '"' + "".join(pieces) + '"')
_VALUES = st.recursive(
    st.sampled_from(["1", "null"]) | _STRINGS,
    lambda inner: st.lists(inner, max_size=3).map(lambda items: "[" + ",".join(items) + "]")
    | st.lists(st.tuples(_STRINGS, inner), max_size=3).map(lambda pairs: "{" + ",".join(f"{k}:{v}" for k, v in pairs) + "}"),
    max_leaves=8,
)


ESCOBA_JSON = ref.Game("escoba", seed=1).to_json()


def first_half(text):
    """The first half of a surrogate pair in the strings of a JSON text, in the text's
    order, the pairs of every object kept (a duplicate key drops none); None if none."""
    def chars(value):
        if isinstance(value, str):
            yield from value
        elif isinstance(value, (list, tuple)):
            for item in value:
                yield from chars(item)

    return next((c for c in chars(json.loads(text, object_pairs_hook=list)) if "\ud800" <= c <= "\udfff"), None)


@settings(max_examples=300)
@given(value=_VALUES, in_a_game=st.booleans(), as_bytes=st.booleans())
def test_halves_of_surrogate_pairs_get_one_message_wherever_they_are(value, in_a_game, as_bytes):
    """Both twins answer alike; a text that holds half a surrogate pair is refused, naming
    the first in the text (`first_half` reads it otherwise than the twins do)."""
    text = ESCOBA_JSON[:-1] + ',"table":' + value + "}" if in_a_game else value  # "table" twice
    half = first_half(text)
    given_text = text.encode("utf-8", "surrogatepass") if as_bytes else text
    a, b = outcome(lambda: quinza.Game.from_json(given_text)), outcome(lambda: ref.Game.from_json(given_text))
    assert a == b
    if half is not None:
        assert a == ("ValueError", HALF.format(half))


def _mutations(state):
    """Ways to break a valid game's JSON: each must be refused with a clear error."""
    yield "missing key", {k: v for k, v in state.items() if k != "table"}
    yield "unknown key", {**state, "extra": 1}
    yield "bad version", {**state, "version": 99}
    yield "bad format", {**state, "format": "chess"}
    yield "bad rng", {**state, "rng": "xyz"}
    yield "bad rules", {**state, "rules": {**state["rules"], "players": 9}}
    yield "card twice", {**state, "table": state["table"] + [state["hands"][0][0]]}
    yield "card lost", {**state, "hands": [h[1:] if i == 0 else h for i, h in enumerate(state["hands"])]}
    yield "bad card", {**state, "table": ["8o"] + state["table"]}
    yield "wrong turn", {**state, "turn": (state["turn"] + 1) % len(state["hands"])}
    yield "turn out of range", {**state, "turn": 7}
    yield "scores wrong length", {**state, "scores": [0]}
    yield "negative score", {**state, "scores": [-1] + state["scores"][1:]}
    yield "winner while playing", {**state, "winner": 0}
    yield "not an object", [state]


@pytest.mark.parametrize("name", ["quinza", "escoba"])
def test_inconsistent_json_is_refused_with_a_reason(q, name):
    g = q.Game(name, seed=4)
    state = json.loads(g.to_json())
    for what, broken in _mutations(state):
        with pytest.raises(ValueError) as error:
            q.Game.from_json(json.dumps(broken))
        assert str(error.value).startswith("invalid game JSON: "), what


def test_observation_hides_other_hands_and_the_stock(q):
    g = q.Game(q.Rules("rb3ine", players=4), seed=9)
    for seat in range(4):
        obs = g.observation(seat)
        text = json.dumps(obs)
        assert obs["hand"] == [str(c) for c in g.hand(seat)]
        for other in range(4):
            if other != seat:
                assert not any(f'"{c}"' in text for c in map(str, g.hand(other)))
        state = json.loads(g.to_json())
        assert not any(f'"{c}"' in text for c in state["stock"])
        assert obs["stock"] == g.stock and obs["hand_sizes"] == [3, 3, 3, 3]
        assert "rng" not in obs


def test_from_position_errors_name_the_problem(q):
    ok = dict(hands=[["1o"], ["2o"]], table=["3o"], dealer=1)
    with pytest.raises(ValueError, match="1o appears more than once"):
        position(q, "quinza", hands=[["1o"], ["2o"]], table=["1o"], dealer=1)
    with pytest.raises(ValueError, match="cards missing from the position: 12b"):
        q.Game.from_position("quinza", hands=ok["hands"], table=ok["table"],
                             piles=[[c for c in deck() if c not in ("1o", "2o", "3o", "12b")], []])
    with pytest.raises(ValueError, match="a hand holds at most 3 cards, not 4"):
        position(q, "quinza", hands=[["1o", "2o", "3o", "4o"], ["5o"]])
    with pytest.raises(ValueError, match="do not fit a round of play"):
        position(q, "quinza", hands=[["1o", "2o"], ["5o"]], dealer=1)
    with pytest.raises(ValueError, match="turn 1 does not fit the hand sizes: seat 0 is to play"):
        position(q, "quinza", hands=[["1o", "2o"], ["5o"]], dealer=0, turn=1)
    with pytest.raises(ValueError, match="it is dealt in rounds of 6"):
        position(q, "quinza", hands=[["1o"], ["2o"]], stock=["3o"], dealer=1)
    with pytest.raises(ValueError, match="every hand is empty"):
        position(q, "quinza", hands=[[], []])
    with pytest.raises(ValueError, match="hands needs 2 entries, one per seat, not 3"):
        position(q, "quinza", hands=[["1o"], ["2o"], []])
    with pytest.raises(ValueError, match="already end the match"):
        position(q, "quinza", hands=[["1o"], ["2o"]], dealer=1, scores=[151, 0])
    with pytest.raises(ValueError, match="invalid card"):
        position(q, "quinza", hands=[["1o"], ["9o"]], dealer=1)


def test_counts_stop_at_2_to_the_64(q):
    """Targets, scores, escoba counts and deal numbers are 64-bit in the core: both
    backends take 2**64-1 and refuse 2**64 with the range in the message."""
    top = 2**64 - 1
    assert q.Rules("quinza", target=top).target == top
    with pytest.raises(ValueError, match=r"^target must be a whole number from 1 to 2\*\*64-1, not 18446744073709551616$"):
        q.Rules("quinza", target=top + 1)
    hands = [["1o"], ["2o"]]
    g = position(q, "quinza", hands=hands, dealer=1, scores=[0, 0], deal_number=top)
    assert g.deal_number == top
    count = r"must be a whole number from 0 to 2\*\*64-1, not 18446744073709551616$"
    with pytest.raises(ValueError, match="^a score or escoba count " + count):
        position(q, "quinza", hands=hands, dealer=1, scores=[top + 1, 0])
    with pytest.raises(ValueError, match="^a score or escoba count " + count):
        position(q, "escoba", hands=hands, dealer=1, escobas=[0, top + 1])
    with pytest.raises(ValueError, match=r"^deal_number must be a whole number from 1 to 2\*\*64-1, not 18446744073709551616$"):
        position(q, "quinza", hands=hands, dealer=1, deal_number=top + 1)
    # and a game at the top reads back from its own JSON
    g = position(q, q.Rules("quinza", target=top), hands=hands, dealer=1, scores=[top - 1, top - 2], deal_number=top)
    assert q.Game.from_json(g.to_json()).to_json() == g.to_json()
    quinte = q.Game("quinte", seed=1)
    state = json.loads(quinte.to_json())
    for key in ("scores", "quints"):
        with pytest.raises(ValueError, match=f"^{key} must be whole numbers from 0 to 2\\*\\*64-1, not 18446744073709551616$"):
            q.Game.from_position(
                "quinte", hands=state["hands"], stock=state["stock"], dealer=state["dealer"],
                **{key: [top + 1, 0]},
            )


def test_json_is_strict_json_on_both_backends():
    """Python's json reads NaN, Infinity and half surrogate pairs; the core does not. Both
    backends refuse them in the same words, wherever they stand."""
    game = ref.Game(ref.Rules("quinza"), seed=1).to_json()
    quinte = ref.Game(ref.Rules("quinte"), seed=1).to_json()
    texts = {
        "NaN": "NaN is not a JSON number",
        "[1, -Infinity]": "-Infinity is not a JSON number",
        game.replace('"scores":[0,0]', '"scores":[Infinity,0]'): "Infinity is not a JSON number",
        game.replace('"table":[', '"table":["\\ud800",'): "'\\ud800' is half a surrogate pair, not Unicode",
        quinte.replace('"hands":[', '"\\udc00":1,"hands":['): "'\\udc00' is half a surrogate pair, not Unicode",
        '["\ud800"]': "'\\ud800' is half a surrogate pair, not Unicode",  # a surrogate in the str itself
        '["a" \ud800]': "Expecting ',' delimiter: line 1 column 6 (char 5)",
    }
    for text, why in texts.items():
        for given in (text, text.encode("utf-8", "surrogatepass")):
            a, b = outcome(lambda: quinza.Game.from_json(given)), outcome(lambda: ref.Game.from_json(given))
            assert a == b == ("ValueError", f"invalid game JSON: not JSON ({why})"), given
    # a whole surrogate pair is a character like any other: here, not a card
    text = game.replace('"table":[', '"table":["\\ud83d\\ude00",')
    a, b = outcome(lambda: quinza.Game.from_json(text)), outcome(lambda: ref.Game.from_json(text))
    assert a == b and a[1].startswith("invalid game JSON: table: invalid card '\U0001f600'")


# -- quinte: positions and JSON, fuzzed ------------------------------------------------------------

QUINTE_DECK = [rank + suit for suit in "scdh" for rank in ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")] + ["JK"]


def _quinte_state(seed, steps, chooser):
    """The JSON state of a quinte match after `steps` random moves (or at its end)."""
    return json.loads(random_play(ref.Game(ref.Rules("quinte", target=120), seed=seed), steps, chooser).to_json())


def _position_args(state):
    played = state["played"]
    return dict(
        hands=[list(h) for h in state["hands"]], table=played[len(played) - len(played) % 4 :],
        stock=list(state["stock"]), dealer=state["dealer"], turn=state["turn"],
        piles=[list(p) for p in state["piles"]], last_capturer=state["last_capturer"],
        scores=list(state["scores"]), bids=list(state["bids"]), quints=list(state["quints"]), played=list(played),
    )


SMALL_VALUES = st.one_of(
    st.none(), st.booleans(), st.integers(-2, 300), st.sampled_from(["pass", "double", "x", "Ah", "JK", "7o"]),
    st.lists(st.integers(0, 300), max_size=3), st.lists(st.sampled_from(QUINTE_DECK + ["pass", "fold"]), max_size=4),
)


@st.composite
def quinte_positions(draw):
    """from_position arguments of a quinte position reached by random play, then broken
    (or not) in a few random ways."""
    state = draw(st.builds(_quinte_state, st.integers(0, 2**64 - 1), st.integers(0, 60), st.integers(0, 2**64 - 1)))
    args = _position_args(state)
    for _ in range(draw(st.integers(0, 3))):
        kind = draw(st.sampled_from([
            "move card", "move card", "drop", "value", "shuffle played", "bids", "reorder trick", "escobas",
        ]))
        piles = args["piles"] if args["piles"] is not None else [[], []]
        places = [*args["hands"], args["table"], args["stock"], *piles]
        if kind == "move card":
            source = draw(st.sampled_from([p for p in places if p] or [places[0]]))
            if source:
                card = source.pop(draw(st.integers(0, len(source) - 1)))
                target = draw(st.sampled_from(places + [[]]))  # or lose it
                target.insert(draw(st.integers(0, len(target))), card)
        elif kind == "drop":
            args[draw(st.sampled_from(["played", "bids", "quints", "scores", "turn", "last_capturer", "piles"]))] = None
        elif kind == "value":
            key = draw(st.sampled_from(["dealer", "turn", "last_capturer", "scores", "quints", "deal_number", "seed", "bids"]))
            args[key] = draw(SMALL_VALUES)
        elif kind == "shuffle played" and args["played"]:
            args["played"] = draw(st.permutations(args["played"]))
        elif kind == "bids":
            args["bids"] = draw(st.lists(st.sampled_from(["pass", "double", "redouble", "PASS", "fold"]), max_size=5))
        elif kind == "reorder trick" and args["table"]:
            args["table"] = draw(st.permutations(args["table"]))
        elif kind == "escobas":
            args["escobas"] = [0, 0]
    return args


@settings(max_examples=400)
@given(args=quinte_positions(), target=st.sampled_from([None, 60, 250]))
def test_quinte_positions_are_accepted_or_refused_alike(args, target):
    def build(q):
        g = q.Game.from_position(q.Rules("quinte", target=target), **args)
        seen = [(g.to_json(), str(g), [str(m) for m in g.legal_moves()], g.observation(g.turn or 0))]
        pick = q.Random(7)
        for _ in range(6):  # and it plays on alike
            if g.is_over:
                break
            moves = g.legal_moves()
            g.play(moves[pick.below(len(moves))])
            seen.append((g.to_json(), str(g)))
        return seen

    a, b = outcome(lambda: build(quinza)), outcome(lambda: build(ref))
    assert a == b
    assert a[0] in ("ok", "ValueError")


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 300) | st.integers(-(2**70), 2**70)
    | st.floats(allow_nan=False, allow_infinity=False, width=32)
    | st.sampled_from(QUINTE_DECK + ["pass", "double", "redouble", "PASS", "7o", "", "quinte", "quinza-game"]),
    lambda children: st.lists(children, max_size=5)
    | st.dictionaries(st.sampled_from(["name", "players", "target", "quints", "tricks", "x"]), children, max_size=3),
    max_leaves=12,
)


@st.composite
def broken_quinte_json(draw):
    """The JSON of a quinte match at a random point (maybe finished), with one key, one
    list entry or one nested entry replaced by an arbitrary JSON value (or removed)."""
    state = draw(st.builds(_quinte_state, st.integers(0, 2**64 - 1), st.integers(0, 400), st.integers(0, 2**64 - 1)))
    for _ in range(draw(st.integers(0, 2))):
        key = draw(st.sampled_from(sorted(state)))
        what = draw(st.sampled_from(["replace", "entry", "remove", "nested", "small", "move card", "move card"]))
        if what == "small":
            # A plausible value: the checks of the position, not of the shape, must catch it.
            key = draw(st.sampled_from(["turn", "dealer", "last_capturer", "winner", "scores", "quints", "bids"]))
            if key in ("scores", "quints"):
                state[key] = [draw(st.integers(0, 300)), draw(st.integers(0, 300))]
            elif key == "bids":
                state[key] = draw(st.lists(st.sampled_from(["pass", "double", "redouble"]), max_size=5))
            else:
                state[key] = draw(st.sampled_from([None, 0, 1, 2, 3]))
        elif what == "move card":
            try:
                places = [p for p in (*state["hands"], state["stock"], state["played"], *state["piles"])]
            except (KeyError, TypeError):
                continue  # the layout is already broken
            if not all(isinstance(p, list) for p in places) or not any(places):
                continue
            source = draw(st.sampled_from([p for p in places if p]))
            card = source.pop(draw(st.integers(0, len(source) - 1)))
            if draw(st.booleans()):
                target = draw(st.sampled_from(places))
                target.insert(draw(st.integers(0, len(target))), card)
        elif what == "remove":
            state.pop(key)
        elif what == "entry" and isinstance(state[key], list) and state[key]:
            state[key][draw(st.integers(0, len(state[key]) - 1))] = draw(JSON_VALUES)
        elif what == "nested" and isinstance(state[key], (list, dict)) and state[key]:
            inner = state[key]
            index = draw(st.sampled_from(sorted(inner))) if isinstance(inner, dict) else draw(st.integers(0, len(inner) - 1))
            if isinstance(inner[index], list) and inner[index]:
                inner[index][draw(st.integers(0, len(inner[index]) - 1))] = draw(JSON_VALUES)
            elif isinstance(inner[index], dict) and inner[index]:
                inner[index][draw(st.sampled_from(sorted(inner[index])))] = draw(JSON_VALUES)
            else:
                inner[index] = draw(JSON_VALUES)
        else:
            state[key] = draw(JSON_VALUES)
    return json.dumps(state, separators=draw(st.sampled_from([(",", ":"), (", ", ": ")])))


@settings(max_examples=400)
@given(text=broken_quinte_json())
def test_broken_quinte_json_is_refused_alike(text):
    def read(q):
        g = q.Game.from_json(text)
        return g.to_json(), str(g), [str(m) for m in g.legal_moves()]

    a, b = outcome(lambda: read(quinza)), outcome(lambda: read(ref))
    assert a == b
    assert a[0] in ("ok", "ValueError")
    if a[0] == "ValueError":
        assert a[1].startswith("invalid game JSON: ")
