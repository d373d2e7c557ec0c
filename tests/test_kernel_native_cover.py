"""Every line of kernel code the suite's made-up variants generate compiles with numba somewhere.

The differential tests of test_kernel_kinds, test_kernel_rules, test_kernel_events and test_sweep_weight play most
of their made-up variants on the kernel's source run as plain Python (kernel_support.engines,
native=False): the same code against the interpreter, without a numba compile of seconds each.
What plain Python cannot show is that numba compiles the code. So the shipped variants (their
own tests compile every one) and the made-up variants of NATIVE_MADE_UP, compiled natively by
those tests, must between them generate every line, numbers aside, that any made-up variant
generates; this names the variant to add to NATIVE_MADE_UP when one writes code nobody compiles.
"""

from __future__ import annotations

import re

from escoba_spec.compiler.kernel import generate_kernel, unsupported
from escoba_spec.language.validate import load_variant

from . import test_kernel_events, test_kernel_kinds, test_kernel_rules, test_sweep_weight
from .conftest import RULES
from .engine_fixtures import house_variants
from .kernel_support import NATIVE_MADE_UP

_NUMBER = re.compile(r"\b\d+\b")
#: a table's literal: numba types it by its dimensions and dtype, not its entries
_TABLE = re.compile(r"np\.array\((\[+).*\], dtype=([\w.]+)\)")
#: the line that names the variant: every kernel has its own
_OWN = re.compile(r"^VARIANT_ID = ")


def _code_lines(variant) -> set[str]:
    """The kernel's lines of code, comments and docstrings dropped, numbers as N and tables as
    their dimensions (a constant changes no type numba infers)."""
    out = set()
    for line in generate_kernel(variant).splitlines():
        code = line.split("#", 1)[0].strip()
        if code and not code.startswith(('"""', "'")) and not _OWN.match(code):
            code = _TABLE.sub(lambda m: f"np.array({len(m.group(1))}d, dtype={m.group(2)})", code)
            out.add(_NUMBER.sub("N", code))
    return out


def _made_up(tmp_path_factory) -> dict:
    out = dict(house_variants(tmp_path_factory, "cover-kinds", test_kernel_kinds.TEXTS))
    texts = {name: f"id: {name}\nextends: scopa\n{body}"
             for name, body in {**test_kernel_rules.DEALS, **test_kernel_rules.MATCH_NAMED,
                                **test_kernel_rules.GOALS}.items()}
    texts.update({name: f"id: {name}\nextends: escoba-de-15\n{body}" for name, body in test_kernel_rules.SPLIT.items()})
    out.update(house_variants(tmp_path_factory, "cover-rules", texts))
    out.update(house_variants(tmp_path_factory, "cover-events", test_kernel_events.HOUSES))
    out.update(house_variants(tmp_path_factory, "cover-sweeps", test_sweep_weight.HOUSES))
    for name, (file, options) in test_kernel_events.OPTIONED.items():
        out[name] = load_variant(RULES / file, options)
    out["escoba-de-15/ties=split"] = load_variant(RULES / "escoba-de-15.yaml", {"ties": "split"})
    return out


def test_every_line_a_made_up_variant_writes_compiles_natively_somewhere(tmp_path_factory):
    made_up = _made_up(tmp_path_factory)
    assert NATIVE_MADE_UP <= set(made_up), sorted(NATIVE_MADE_UP - set(made_up))
    names = {*test_kernel_kinds.TEXTS, *test_kernel_rules.NAMES, *test_kernel_events.HOUSES,
             *test_kernel_events.OPTIONED, *test_sweep_weight.HOUSES}
    assert names == set(made_up), sorted(names ^ set(made_up))
    compiled: set[str] = set()
    for path in sorted([*RULES.glob("*.yaml"), *(RULES / "house").glob("*.yaml")]):
        variant = load_variant(path)
        if not unsupported(variant):
            compiled |= _code_lines(variant)
    for name in NATIVE_MADE_UP:
        compiled |= _code_lines(made_up[name])
    missing = {name: sorted(_code_lines(v) - compiled) for name, v in made_up.items() if name not in NATIVE_MADE_UP}
    missing = {name: lines for name, lines in missing.items() if lines}
    assert not missing, ("kernel code that no native compile covers; add the variant to NATIVE_MADE_UP",
                         {name: lines[:5] for name, lines in missing.items()})
