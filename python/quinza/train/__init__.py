"""`quinza train`: a net (docs/reference/nets.md) made from the engine's own search.
Self-play positions labelled by ismcts or pimc (positions.py, from what the seat to act
may know: features.py), read and batched by their count of moves (dataset.py), fitted
with JAX (fit.py, the `train` extra: the only module that imports it), then written in
whole numbers (qzn.py); run.py puts them together, the command line is
quinza/cli/train.py."""
