"""The honest answer: the search's best settings replayed on fresh seeds, and the winner as a variant.

The candidates are the best complete trials (one objective) or the Pareto front's (several),
ordered by their summed violations, at most ``candidates`` of them. Each plays ``confirm_games``
games at each player count from game index ``games`` of the master seed on: games no trial
played. Their intervals are widened (Bonferroni, ``bonferroni_z``, as ``sweep --race`` widens its
own) for every setting the search looked at, since the best of many settings looks better on
the search's games than it is. Each target is then met (with confidence), met on the point
estimate only, or missed (``woa_core.tune.targets.verdict``); the winner is the candidate
meeting the most with confidence, then the most on the estimate.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from woa_core.rules import bundled_rulesets
from woa_core.rules.overrides import parse_path
from woa_core.sim.sweep_figures import bonferroni_z
from woa_core.sim.sweep_space import Point
from woa_core.tune.search import Games, TrialGames, estimates, finished, target_violations
from woa_core.tune.targets import MET, MISSED, POINT, describe_band, estimate_json, verdict
from woa_core.tune.tune_file import TuneFile


@dataclass(frozen=True, slots=True)
class Confirmed:
    """A candidate replayed: its trial, setting, and each (player count, target) result."""

    trial: int
    setting: dict[str, Any]
    results: list[dict[str, Any]]
    violations: list[float]

    def count(self, which: str) -> int:
        """How many results have the verdict ``which``."""
        return sum(r["verdict"] == which for r in self.results)

    def rank(self) -> tuple[int, int, float]:
        """Lower is better: most met with confidence, then on the estimate, then least violation."""
        return (-self.count(MET), -self.count(POINT), sum(self.violations))


def candidates(study: Any, tune: TuneFile) -> list[Any]:
    """The trials to confirm: the best complete ones (with several targets, the Pareto front of
    those), distinct settings; trials stopped early only when no other finished."""
    complete = [t for t in finished(study) if t.values is not None and t.state.name == "COMPLETE"]
    played_out = [t for t in complete if t.user_attrs.get("stopped_after") is None]
    pool = played_out or complete  # a trial stopped early is known to miss: only if nothing else is left
    if len(tune.targets) > 1:
        pool = _front(pool)
    pool.sort(key=lambda t: (sum(t.values), t.number))
    out: list[Any] = []
    seen: set[str] = set()
    for t in pool:
        key = json.dumps(t.user_attrs.get("setting"), sort_keys=True)
        if key not in seen:
            seen.add(key)
            out.append(t)
    return out[: tune.candidates]


def _front(trials: list[Any]) -> list[Any]:
    """The trials no other of ``trials`` dominates (all objectives minimised).

    >>> from types import SimpleNamespace as T
    >>> [t.values for t in _front([T(values=[1, 0]), T(values=[0, 1]), T(values=[1, 1])])]
    [[1, 0], [0, 1]]
    """

    def dominates(a: Any, b: Any) -> bool:
        pairs = list(zip(a.values, b.values, strict=True))
        return all(x <= y for x, y in pairs) and any(x < y for x, y in pairs)

    return [t for t in trials if not any(dominates(o, t) for o in trials if o is not t)]


def settings_looked_at(study: Any) -> int:
    """Distinct settings among the finished trials (pruned ones too: the search saw them)."""
    return len({json.dumps(t.user_attrs.get("setting"), sort_keys=True) for t in finished(study)})


def confirm(tune: TuneFile, trials: list[Any], looked_at: int, games: Games) -> list[Confirmed]:
    """Replay each trial's setting on fresh seeds (see the module docstring), the games of every
    candidate sent to the backend together."""
    z = bonferroni_z(max(looked_at, len(trials)))
    wanted = [(t, p) for t in trials for p in tune.players]
    requests = [(_overrides(t), p, tune.games, tune.confirm_games) for t, p in wanted]
    by_trial: dict[int, TrialGames] = {t.number: TrialGames() for t in trials}
    for (t, p), values in zip(wanted, games.play_many(requests), strict=True):  # every candidate's games at once
        by_trial[t.number].by_count[p] = values
    out = []
    for t in trials:
        setting = t.user_attrs["setting"]
        played = by_trial[t.number]
        found = estimates(tune, played, games.figures, z)
        results = []
        for i, (players, e) in enumerate(found):
            target = tune.targets[i % len(tune.targets)]
            band = target.band(players)
            results.append(
                {"target": target.name, "players": players, "band": describe_band(band), "verdict": verdict(e, band)}
                | estimate_json(e)
            )
        out.append(
            Confirmed(t.number, setting, results, target_violations(tune, estimates(tune, played, games.figures)))
        )
    return sorted(out, key=Confirmed.rank)


def _overrides(trial: Any) -> tuple[str, ...]:
    return Point("confirm", trial.user_attrs["setting"]).overrides


def confirmation_json(confirmed: list[Confirmed], looked_at: int, tune: TuneFile) -> dict[str, Any]:
    """The confirmation run as the JSON report holds it."""
    return {
        "games_per_count": tune.confirm_games,
        "first_game": tune.games,
        "settings_looked_at": looked_at,
        "z": round(bonferroni_z(max(looked_at, len(confirmed))), 4),
        "candidates": [
            {
                "trial": c.trial,
                "setting": c.setting,
                "met": c.count(MET),
                "point_estimate_only": c.count(POINT),
                "missed": c.count(MISSED),
                "results": c.results,
            }
            for c in confirmed
        ],
    }


def variant_document(tune: TuneFile, setting: dict[str, Any], out: Path) -> dict[str, Any]:
    """The winning setting as a variant file's data: ``extends`` the tune file's rules (a path
    relative to ``out``, where the file is written) with the file's own changes and the setting;
    a path into a list (``vp_by_rank[0]``) writes the whole list, as a variant must."""
    overrides = tune.base_overrides + Point("winner", setting).overrides
    document = tune.rules(Point("winner", setting).overrides).document
    spec = tune.rules_spec
    extends = (
        spec
        if spec in bundled_rulesets() and not Path(spec).exists()
        else os.path.relpath(Path(spec).resolve(), out.resolve())
    )
    doc: dict[str, Any] = {"extends": extends, "name": f"{tune.name}-tuned"}
    doc["description"] = f"Found by woa tune from {tune.file}: " + ", ".join(
        f"{k}={json.dumps(v)}" for k, v in setting.items()
    )
    for text in overrides:
        keys = parse_path(text.partition("=")[0])
        head = keys[: next((i for i, k in enumerate(keys) if isinstance(k, int)), len(keys))]
        value: Any = document
        for k in head:
            value = value[k]
        node = doc
        for k in head[:-1]:
            node = node.setdefault(str(k), {})
        node[str(head[-1])] = value
    return doc


def write_variant(tune: TuneFile, setting: dict[str, Any], out: Path) -> Path:
    """Write ``out/variant.yaml`` (atomically) and give its path."""
    from woa_core.files import write_atomic

    path = out / "variant.yaml"
    text = "# Written by woa tune: validate, simulate or compare it as it is.\n"
    text += yaml.safe_dump(variant_document(tune, setting, out), sort_keys=False, allow_unicode=True)
    write_atomic(path, text)
    return path
