"""The `quinza` command line, a module per command (play.py, watch.py, simulate.py,
analyze.py, review.py), the options they share (options.py) and what they draw (screen.py); the entry point that
chooses the command is `quinza.__main__`."""
