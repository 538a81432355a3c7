"""Deprecated (issue 42.4): this module is ``woa_core.report.figures``, beside the kernel; importing it
warns, saying so (``woa_core.deprecated.MOVED``), and every name of the new module works here."""

from woa_core.deprecated import moved_module

__getattr__ = moved_module(__name__)
