"""A module that leaves a mark when it is imported (``tests.serve.slow_bot.tripped``): a seat
naming ``tests.serve.tripwire:Bot`` must be refused by ``woa serve`` before anything is imported."""

from __future__ import annotations

from tests.serve.slow_bot import SlowBot, tripped

tripped()

Bot = SlowBot
