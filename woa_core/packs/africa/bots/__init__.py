"""Africa's bots: the scripted ``heuristic`` (``heuristic``), the estimates it and the search bot
share (``estimate``), and the search hooks of ``mcts`` (``search``)."""
