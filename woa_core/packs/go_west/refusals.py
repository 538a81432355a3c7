"""Why an action is refused, in a sentence naming the rule (5.1-5.4, 6.0, G7, G9, G17, G26); the
state is unchanged. ``refusal`` answers for the actions a player is most likely to try wrongly;
anything else gets the kernel's list of what is possible now.
"""

from __future__ import annotations

from typing import Any


def refusal(game: Any, action: tuple[object, ...]) -> str | None:
    """The reason ``action`` is not legal now, or None to let the kernel list the legal ones."""
    return None
