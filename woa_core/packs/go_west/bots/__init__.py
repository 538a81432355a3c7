"""Go West!'s bots: the scripted ``heuristic`` (``heuristic``), the search hooks of ``mcts``
(``search``), and the distinct results of a card's wagon steps, counted and listed, which the
random bot's weights and the heuristic share (``weights``)."""
