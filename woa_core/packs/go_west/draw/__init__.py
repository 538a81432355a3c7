"""Go West!'s pictures and words: the board as SVG (``svg``: six regions in a line, California on
the left and New England on the right as on the printed map, the blocks, the score track, the
piles and the hands), the game as text and in a table (``words``), what an action did in words
(``explain``), how cards, regions and discs look (``look``); ``drawing.DRAWING`` declares them to
the kernel. A hand is drawn face up only where the state drawn holds it: a seat's picture is drawn
from its own view (``drawing.seen``), in which the other hands and the pile are backs."""
