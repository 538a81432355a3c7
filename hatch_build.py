"""The wheel's build hook: the hot path compiled with mypyc when it can be, pure Python otherwise.

hatchling runs this when ``pip install .`` builds the wheel. It compiles the modules
``woa_core/build.py`` lists (``COMPILED``) with mypyc into one extension library (one C file a
module, compiled side by side, one a core: 62 s on 2 cores against 227 s for one C file), and puts the
compiled modules into the wheel beside the sources, which stay: the same code runs as pure
Python wherever ``WOA_PURE=1`` asks for it. It never writes into the source tree.

- No C compiler, or no Python headers (``Python.h``), or not CPython: it compiles nothing and
  the wheel is pure Python (mypy is not even fetched); ``woa --version`` says why.
- ``WOA_PURE=1``: compile nothing. ``WOA_PURE=0``: compile, and fail the build if that fails.
- Otherwise, a compilation that fails (a mypy error, say) falls back to pure Python, with the
  reason in ``woa --version``.

An editable install (``pip install -e .``) is never compiled: it runs the sources as they are.
"""

from __future__ import annotations

import importlib.util
import json
import os
import platform
import shlex
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

MYPY = "mypy==2.4.1"
"""The mypy (and so mypyc) the build compiles with: the version the identity tests ran on."""
BUILD_REQUIRES = [MYPY, "setuptools>=70"]
"""What compiling needs in the build environment (fetched only when it will compile)."""

_SETUP = """
import json, os, sys, time
from concurrent.futures import ThreadPoolExecutor
from setuptools import setup
from setuptools._distutils import ccompiler
from mypyc.build import mypycify

args = json.loads(sys.argv.pop(1))
report = open(args["report"], "a", buffering=1) if args.get("report") else sys.stderr
print(f"woa: mypyc translates {len(args['files'])} modules to C (about 20 s)", file=report)


def compile_in_parallel(self, sources, output_dir=None, macros=None, include_dirs=None, debug=0,
                        extra_preargs=None, extra_postargs=None, depends=None):
    # distutils compiles an extension's C files one after another; mypyc's multi_file output is one
    # file a module, so they are compiled side by side, one a core
    macros, objects, extra_postargs, pp_opts, build = self._setup_compile(
        output_dir, macros, include_dirs, sources, depends, extra_postargs)
    cc_args = self._get_cc_args(pp_opts, debug, extra_preargs)
    start, done = time.monotonic(), [0]

    def one(obj):
        src, ext = build[obj]
        self._compile(obj, src, ext, cc_args, extra_postargs, pp_opts)
        done[0] += 1
        print(f"woa: compiled {done[0]}/{len(objects)} C files ({time.monotonic() - start:.0f} s): "
              f"{os.path.basename(src)}", file=report)

    cores = max(1, os.cpu_count() or 1)
    print(f"woa: compiling {len(objects)} C files, {cores} at a time", file=report)
    with ThreadPoolExecutor(cores) as pool:
        list(pool.map(one, objects))
    return objects


ccompiler.CCompiler.compile = compile_in_parallel
setup(
    name="woa_compiled",
    packages=[],
    py_modules=[],
    ext_modules=mypycify(args["mypy"] + args["files"], opt_level="3", group_name="woa_core",
                         target_dir=args["target"], multi_file=True),
)
"""


def _settings(root: str) -> Any:
    """``woa_core/build.py``, read without importing woa (its dependencies are not installed here)."""
    spec = importlib.util.spec_from_file_location("woa_build_settings", Path(root) / "woa_core" / "build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def cannot_compile() -> str | None:
    """Why this machine cannot compile the hot path, or None if it can."""
    if platform.python_implementation() != "CPython":
        return f"{platform.python_implementation()} runs the pure modules"
    compiler = os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc"
    words = shlex.split(compiler)
    if not words or shutil.which(words[0]) is None:
        return f"no C compiler found ({compiler}) when it was installed"
    include = sysconfig.get_paths()["include"]
    if not os.path.isfile(os.path.join(include, "Python.h")):
        return f"Python's C headers (Python.h) were not found in {include} when it was installed"
    return None


def _terminal() -> str | None:
    """The terminal the install runs in, if it has one: pip shows a build's own output only with
    ``-v``, so the compilation's progress is written to the terminal itself, where the person who
    typed ``pip install .`` sees it (nothing is written where there is no terminal, as in CI)."""
    try:
        fd = os.open("/dev/tty", os.O_WRONLY | os.O_NOCTTY)
    except OSError:
        return None
    os.close(fd)
    return "/dev/tty"


def _first_error(output: str) -> str:
    """The line of a failed compilation's output that says what went wrong (mypy's first error)."""
    lines = [line.strip() for line in output.splitlines() if line.strip()]
    errors = [line for line in lines if "error" in line.lower()]
    return (errors or lines or ["no output"])[0][:300]


def _mode() -> str:
    value = os.environ.get("WOA_PURE", "")
    return "auto" if value == "" else "compiled" if value == "0" else "pure"


class MypycHook(BuildHookInterface):
    """Compiles ``COMPILED`` into the wheel (see the module docstring)."""

    PLUGIN_NAME = "custom"

    def dependencies(self) -> list[str]:
        """mypy and setuptools, only when this build will compile."""
        mode = _mode()
        if mode == "pure" or (mode == "auto" and cannot_compile() is not None):
            return []
        return list(BUILD_REQUIRES)

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel":
            return
        self._temp = Path(tempfile.mkdtemp(prefix="woa-build-"))
        info: dict[str, Any] = {"compiled": []}
        mode = _mode()
        why = (
            "WOA_PURE=1 when it was installed"
            if mode == "pure"
            else "an editable install runs the sources"
            if version == "editable"
            else cannot_compile()
        )
        if why is not None and mode == "compiled":
            raise RuntimeError(f"WOA_PURE=0 asks for the compiled build, but {why}")
        if why is None:
            try:
                info = self._compile(build_data)
            except Exception as e:  # a failed compilation falls back to pure Python, saying why
                if mode == "compiled":
                    raise
                why = f"compiling failed: {_first_error(str(e))}"
                self.app.display_warning(f"woa: installing pure Python: {why}")
        if why is not None:
            info = {"compiled": [], "why": why}
        written = self._temp / "_build.json"
        written.write_text(json.dumps(info, indent=1) + "\n", encoding="utf-8")
        build_data["force_include"][str(written)] = "woa_core/_build.json"

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        temp = getattr(self, "_temp", None)
        if temp is not None:
            shutil.rmtree(temp, ignore_errors=True)

    def _compile(self, build_data: dict[str, Any]) -> dict[str, Any]:
        """Run mypyc (a setuptools ``build_ext`` in a subprocess, in a temporary directory) and add
        the extension modules it made to the wheel."""
        root = Path(self.root)
        modules = list(_settings(self.root).COMPILED)
        files = []
        for name in modules:
            base = root.joinpath(*name.split("."))
            path = base.with_suffix(".py") if base.with_suffix(".py").is_file() else base / "__init__.py"
            files.append(str(path))
        lib, temp = self._temp / "lib", self._temp / "temp"
        args = {
            "mypy": ["--config-file", str(root / "pyproject.toml")],
            "files": files,
            "target": str(self._temp / "c"),
            "report": _terminal(),
        }
        self.app.display_info(f"woa: compiling {len(modules)} modules with mypyc (about a minute)")
        command = [sys.executable, "-c", _SETUP, json.dumps(args), "build_ext"]
        done = subprocess.run(
            [*command, "--build-lib", str(lib), "--build-temp", str(temp)],
            cwd=self._temp,  # not the project: setuptools would read its pyproject.toml
            capture_output=True,
            text=True,
            check=False,
        )
        if done.returncode != 0:
            raise RuntimeError((done.stdout + done.stderr).strip() or f"exit status {done.returncode}")
        made = sorted(p for p in lib.rglob("*") if p.is_file())
        if not made:
            raise RuntimeError("mypyc made no extension module")
        for path in made:
            build_data["force_include"][str(path)] = path.relative_to(lib).as_posix()
        build_data["pure_python"] = False
        build_data["infer_tag"] = True
        from mypy.version import __version__ as mypy_version

        return {"compiled": modules, "mypy": mypy_version}
