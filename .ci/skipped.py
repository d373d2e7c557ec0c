"""The node ids of the tests a JUnit XML report says were skipped, one per line (for .ci/run).

pytest writes a test's `classname` as its module's dotted path, then its class if any
(`tests.test_rulebook`, `tests.test_x.TestY`); the node id is the module's file, then the
class and the name (`tests/test_x.py::TestY::test_z[param]`). A module skipped whole has
no classname and its dotted path as the name: its node id is its file.
"""

from __future__ import annotations

import sys
import xml.etree.ElementTree as ET
from pathlib import Path


def node_id(classname: str, name: str) -> str:
    if not classname:  # a whole module skipped (pytest.importorskip at its top): its dotted path is the name
        classname, name = name, ""
    parts = classname.split(".")
    for cut in range(len(parts), 0, -1):  # the longest dotted prefix that is a file is the module
        path = Path(*parts[:cut]).with_suffix(".py")
        if path.is_file():
            return "::".join([path.as_posix(), *parts[cut:], *([name] if name else [])])
    raise SystemExit(f"no test file for {classname!r}")


def main(report: str) -> None:
    ids = []
    for case in ET.parse(report).getroot().iter("testcase"):
        if case.find("skipped") is not None:
            ids.append(node_id(case.get("classname", ""), case.get("name", "")))
    print("\n".join(dict.fromkeys(ids)))


if __name__ == "__main__":
    main(sys.argv[1])
