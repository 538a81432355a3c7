"""Africa's pictures and words: the hex map as SVG (``svg``: the map, ``panel``: the words and
small pictures beside it, ``shapes``: where things go and the pieces), the game as text
(``render``), what an action did in words (``explain``), how tiles look in both (``look``);
``drawing.DRAWING`` declares them to the kernel."""
