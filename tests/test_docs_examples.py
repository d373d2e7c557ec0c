"""The language reference's example rule files are valid: a designer can copy them."""

from __future__ import annotations

import re

import pytest

from .conftest import ROOT

DOC = ROOT / "docs" / "language.md"
EXAMPLES = re.findall(r"```yaml\n(# example: ([a-z0-9-]+)\n.*?)```", DOC.read_text(encoding="utf-8"), re.S)


def test_the_reference_has_examples():
    assert len(EXAMPLES) >= 3


@pytest.mark.parametrize("text,name", EXAMPLES, ids=[name for _, name in EXAMPLES])
def test_reference_example_validates(validate_text, text, name):
    variant, problems = validate_text(text, name=f"{name}.yaml")
    assert variant is not None, "\n".join(p.format() for p in problems)
    assert not problems, "\n".join(p.format() for p in problems)


def test_reference_documents_every_schema_field_and_function():
    from escoba_spec.language.schema import variant_schema

    text = DOC.read_text(encoding="utf-8")
    schema = variant_schema()
    for definition in schema["definitions"].values():
        for name in definition.get("properties", {}):
            assert f"`{name}`" in text, f"docs/language.md does not document the field {name}"
    for function in ("count", "filter", "sum", "has", "primiera", "suits", "straight", "most", "all", "any", "min", "max"):
        assert f"`{function}(" in text, f"docs/language.md does not document {function}()"


def test_the_simulate_guide_shows_what_simulate_prints():
    """docs/simulate.md quotes a run's summary: the run, made again, prints it (bar the
    throughput, which is the machine's), and every rule file the guide names exists."""
    import subprocess
    import sys

    guide = (ROOT / "docs" / "simulate.md").read_text(encoding="utf-8")
    quoted = re.search(r"```\n(escoba-de-15 \(rules/escoba-de-15.yaml\).*?)```", guide, re.S).group(1)
    proc = subprocess.run([sys.executable, "-m", "escoba_spec", "simulate", "rules/escoba-de-15.yaml", "--games",
                           "500", "--seed", "1"], capture_output=True, text=True, cwd=ROOT, check=True)
    def steady(text: str) -> list[str]:
        return [line for line in text.splitlines() if "throughput" not in line]

    assert steady(proc.stdout) == steady(quoted)
    for path in re.findall(r"rules/[\w/.-]+\.yaml", guide):
        assert (ROOT / path).is_file(), path
