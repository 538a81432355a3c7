"""Run woa from a source checkout without installing: ``python cli.py --help``."""

from woa_core.cli import console

if __name__ == "__main__":
    raise SystemExit(console())
