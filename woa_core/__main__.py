"""The ``woa`` program (its console script, and ``python -m woa_core``): SIGINT and SIGTERM are
held from its first statement, before the command's modules load, then ``woa_core.cli.console``
runs. Importing this module does nothing.
"""

from __future__ import annotations


def console() -> int:
    """Run the ``woa`` command of the command line; its exit status."""
    from woa_core.sim.signals_at_start import hold_from_start

    hold_from_start()  # a signal while the modules below load stops the run as a later one does
    from woa_core.cli import console as run

    return run()


if __name__ == "__main__":
    raise SystemExit(console())
