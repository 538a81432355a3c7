"""Pictures of the game: the board as SVG (``svg``), round ends explained (``explain``), the
step-through replay viewer (``replay_html``) and HTML reports with plots (``report_html``).

Everything is drawn from the compiled rules and a game state alone, so a variant's new island or
sea link appears by itself.
"""
