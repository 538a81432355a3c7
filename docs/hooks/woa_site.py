"""MkDocs hooks of woa's site (``mkdocs.yml``: ``hooks``): the CLI reference made from the argument
parser while the site is built, and links to repository files outside the site made into links
that work.

The CLI reference is never written by hand: ``docs/reference/cli.md`` holds a marker that this hook
replaces with every command's ``--help``, taken from ``woa_core.cli.build_parser`` at build time,
so the page cannot fall behind the parser.

A page may link to a file of the repository that is not part of the site (``../rules/africa/``,
``rule-packs/race/race.py``). Such a link is checked here: a target that does not exist is a
warning (which ``mkdocs build --strict`` turns into a failure, as it does for a broken link between
pages); one that exists points at the file in the repository (``repo_url``) or, without one, is
shown as its path.
"""

from __future__ import annotations

import argparse
import logging
import os
import posixpath
import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

log = logging.getLogger("mkdocs.hooks.woa_site")

MARKER = "<!-- cli-reference -->"
"""Where ``docs/reference/cli.md`` receives the generated reference."""

HELP_WIDTH = "100"
"""The width every ``--help`` is wrapped to on the page, whatever the terminal that builds the site."""

LINK = re.compile(r"(?<!!)\[(?P<label>[^\]\n]*)\]\((?P<target>[^)\s]+)\)")


def commands(
    parser: argparse.ArgumentParser, path: tuple[str, ...] = ("woa",)
) -> Iterator[tuple[tuple[str, ...], argparse.ArgumentParser]]:
    """Every command of ``parser`` with the words that name it, the top level first, each once.

    >>> top = argparse.ArgumentParser(prog="woa")
    >>> rules = top.add_subparsers().add_parser("rules").add_subparsers()
    >>> _ = rules.add_parser("show")
    >>> [" ".join(words) for words, _ in commands(top)]
    ['woa', 'woa rules', 'woa rules show']
    """
    yield path, parser
    seen: set[int] = set()
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                if id(sub) not in seen:  # an alias names the same parser again
                    seen.add(id(sub))
                    yield from commands(sub, (*path, name))


@contextmanager
def help_width() -> Iterator[None]:
    """``--help`` wrapped at ``HELP_WIDTH`` columns while inside (argparse reads ``COLUMNS``)."""
    before = os.environ.get("COLUMNS")
    os.environ["COLUMNS"] = HELP_WIDTH
    try:
        yield
    finally:
        if before is None:
            del os.environ["COLUMNS"]
        else:
            os.environ["COLUMNS"] = before


def cli_reference(parser: argparse.ArgumentParser) -> str:
    """The Markdown of the CLI reference: a section per command with its ``--help``.

    >>> top = argparse.ArgumentParser(prog="woa", description="Board games.")
    >>> _ = top.add_subparsers().add_parser("validate", help="check rules", description="Check rule files.")
    >>> text = cli_reference(top)
    >>> "## woa validate" in text and "Check rule files." in text and "usage: woa validate" in text
    True
    """
    sections = []
    with help_width():
        for words, command in commands(parser):
            name = " ".join(words)
            summary = (command.description or "").strip()
            block = command.format_help().rstrip("\n")
            sections.append(f"## {name}\n\n{summary}\n\n```text\n{block}\n```\n")
    return "\n".join(sections)


def repository_link(label: str, target: str, page_path: str, docs_dir: Path, repo_url: str | None) -> str | None:
    """What a link from the page at ``page_path`` (relative to ``docs_dir``) to ``target`` becomes:
    ``None`` to leave it to MkDocs (another page, an anchor, the web), the link to the repository's
    file, or the file's path shown as code where the site names no repository. A target that
    exists nowhere is logged as a warning.

    >>> docs = Path(__file__).resolve().parents[1]
    >>> repository_link("race", "rule-packs/race/race.py", "rule-packs.md", docs, None)
    'race (`docs/rule-packs/race/race.py`)'
    >>> repository_link("x", "../../rules/", "guide/variants.md", docs, "https://example.org/woa")
    '[x](https://example.org/woa/tree/main/rules/)'
    >>> repository_link("page", "notation.md", "rule-packs.md", docs, None) is None
    True
    """
    if re.match(r"[a-zA-Z][a-zA-Z+.-]*:", target) or target.startswith("#"):
        return None
    file_part = target.split("#", 1)[0]
    if not file_part:
        return None
    inside_docs = posixpath.normpath(posixpath.join(posixpath.dirname(page_path), file_part))
    if file_part.endswith(".md") and not inside_docs.startswith("../"):
        return None  # a page of the site: MkDocs checks it
    repo = docs_dir.parent.resolve()
    on_disk = (docs_dir / posixpath.dirname(page_path) / file_part).resolve()
    if not on_disk.is_relative_to(repo) or not on_disk.exists():
        log.warning("%s links to '%s', which is not a file of the repository", page_path, target)
        return None
    where = on_disk.relative_to(repo).as_posix() + ("/" if on_disk.is_dir() else "")
    if repo_url:
        kind = "tree" if on_disk.is_dir() else "blob"
        return f"[{label}]({repo_url.rstrip('/')}/{kind}/main/{where})"
    shown = label.strip("`")
    return f"`{where}`" if shown in (where, where.rstrip("/"), file_part) else f"{label} (`{where}`)"


def rewrite_repository_links(markdown: str, page_path: str, docs_dir: Path, repo_url: str | None) -> str:
    """``markdown`` with its links to repository files outside the site made into ones that work."""

    def replace(match: re.Match[str]) -> str:
        new = repository_link(match["label"], match["target"], page_path, docs_dir, repo_url)
        return match.group(0) if new is None else new

    out, fence = [], False
    for line in markdown.splitlines(keepends=True):
        if line.lstrip().startswith("```"):
            fence = not fence
        out.append(line if fence else LINK.sub(replace, line))
    return "".join(out)


def on_page_markdown(markdown: str, *, page: Any, config: Any, files: Any) -> str:
    """MkDocs: the CLI reference filled in, and repository links made to work, on every page."""
    if MARKER in markdown:
        from woa_core.cli import build_parser

        markdown = markdown.replace(MARKER, cli_reference(build_parser()))
    return rewrite_repository_links(markdown, page.file.src_uri, Path(config["docs_dir"]), config.get("repo_url"))
