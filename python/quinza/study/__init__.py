"""Studies of the games built on the simulation: the ladder of bots (ladder.py, its result
in _ladder_result.py, its ratings in ratings.py, their paired bootstrap in bootstrap.py,
its picture and HTML in _ladder_html.py), and the rules lab (lab.py, what a rule
set and its options do to a match, measured over seeded deals at one level of play; its
figures in lab_stats.py, the headroom against the open-hand solver in lab_headroom.py,
its report as HTML and JSON in lab_report.py), and the review of a match (review.py, every
move valued from its seat; its text and chart in review_report.py)."""
