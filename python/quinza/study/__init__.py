"""Study tools built on `simulate`: the ladder of bots (ladder.py, its result in
_ladder_result.py) and its ratings (ratings.py)."""
