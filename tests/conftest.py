"""Shared fixtures: a scratch rules tree and a way to validate text in it."""

from __future__ import annotations

import importlib.util
import os
import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "rules"
SEEDS = ROOT.parent / "shared" / "seeds"

# Fixtures such as validate_text write to one scratch file per call, so sharing
# them across examples is safe.
_QUIET = [HealthCheck.too_slow, HealthCheck.function_scoped_fixture]
#: the plots extra (matplotlib) draws the reports' and the studio's plots: .ci/run installs it, the
#: README's test command does not, and without it the reports carry no plot
HAVE_PLOTS = importlib.util.find_spec("matplotlib") is not None
needs_plots = pytest.mark.skipif(not HAVE_PLOTS, reason="the plots extra is not installed (pip install '.[plots]'): "
                                 "matplotlib draws the plots this test looks at")

settings.register_profile("ci", max_examples=30, deadline=None, suppress_health_check=_QUIET)
settings.register_profile("dev", max_examples=25, deadline=None, suppress_health_check=_QUIET)
settings.register_profile("long", max_examples=2000, deadline=None, suppress_health_check=_QUIET)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "dev"))

# the kernels the tests compile go to a cache of the project's own (git ignores it), kept from one
# run to the next so that numba compiles each only once; the commands the tests start inherit it
os.environ.setdefault("ESCOBA_SPEC_CACHE", str(ROOT / ".pytest_cache" / "escoba-spec"))


def pytest_collection_modifyitems(config, items):
    """Under pytest-xdist, the kernel tests of one variant (parametrized by `name`) go to one
    worker: a kernel's cold compile takes seconds, and two workers would each pay it."""
    for item in items:
        callspec = getattr(item, "callspec", None)
        name = callspec.params.get("name") if callspec is not None else None
        if isinstance(name, str) and item.module.__name__.rsplit(".", 1)[-1].startswith("test_kernel"):
            item.add_marker(pytest.mark.xdist_group(f"kernel-{name}"))


@pytest.fixture
def rules_tree(tmp_path: Path) -> Path:
    """A copy of the shipped rules folder, to add bad files beside the good ones."""
    target = tmp_path / "rules"
    shutil.copytree(RULES, target)
    return target


@pytest.fixture
def validate_text(rules_tree: Path):
    """Write YAML text into the scratch rules tree and return its diagnostics."""
    from escoba_spec.language.validate import validate_file

    def run(text: str | bytes, name: str = "case.yaml", options: dict | None = None):
        path = rules_tree / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(text, bytes):
            path.write_bytes(text)
        else:
            path.write_text(text, encoding="utf-8")
        variant, problems = validate_file(path, options, display=name)
        return variant, problems

    return run
