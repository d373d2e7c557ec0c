"""Hypothesis: the shipped rule files damaged at the YAML level.

Random bytes inserted anywhere (invalid UTF-8 included), YAML's special
characters inserted, files cut short, indentation changed (spaces added or
taken away, tabs), lines dropped, repeated or swapped, line ends changed.
The property: a valid variant with no error, or located errors (line >= 1,
column >= 1, inside the file), never an exception.
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from .conftest import RULES
from .fuzz_support import assert_answer

#: each with its own id (c-...), since the shipped file it copies is in the same rules tree
FILES = {p.relative_to(RULES).as_posix(): p.read_bytes().replace(b"\nid: ", b"\nid: c-", 1)
         for p in sorted(RULES.rglob("*.yaml"))}
SPECIAL = [b"&a ", b"*a", b"!!", b"!", b"---\n", b"...\n", b"? ", b"- ", b"{", b"}", b"[", b"]", b"'", b'"', b"|",
           b">", b"%", b"@", b"`", b"#", b":", b": ", b",", b"<<: ", b"\t", b"\r", b"\n", b"\xef\xbb\xbf",
           b"\xc2\x85", b"\xe2\x80\xa8", b"yes", b"0o17", b"012", b"1:30", b"~", b"null", b".inf", b"\\",
           b"9" * 5000]


@st.composite
def damaged(draw) -> bytes:
    data = bytearray(FILES[draw(st.sampled_from(sorted(FILES)))])
    for _ in range(draw(st.integers(1, 4))):
        actions = ["bytes", "special", "truncate", "indent", "dedent", "tab", "lines", "line-ends"]
        action = draw(st.sampled_from(actions))
        at = draw(st.integers(0, len(data)))
        if action == "bytes":
            data[at:at] = draw(st.binary(min_size=1, max_size=4))
        elif action == "special":
            data[at:at] = draw(st.sampled_from(SPECIAL))
        elif action == "truncate":
            del data[at:]
        else:
            lines = bytes(data).split(b"\n")
            i = draw(st.integers(0, max(0, len(lines) - 1)))
            if action == "indent":
                lines[i] = b" " * draw(st.integers(1, 4)) + lines[i]
            elif action == "dedent":
                lines[i] = lines[i][draw(st.integers(1, 4)):] if lines[i].startswith(b" ") else lines[i]
            elif action == "tab":
                lines[i] = b"\t" + lines[i].lstrip(b" ")
            elif action == "lines":
                j = draw(st.integers(0, max(0, len(lines) - 1)))
                how = draw(st.sampled_from(["drop", "repeat", "swap"]))
                if how == "drop":
                    del lines[i]
                elif how == "repeat":
                    lines.insert(j, lines[i])
                else:
                    lines[i], lines[j] = lines[j], lines[i]
            else:
                ending = draw(st.sampled_from([b"\r\n", b"\r"]))
                data = bytearray(ending.join(lines))
                continue
            data = bytearray(b"\n".join(lines))
    return bytes(data)


@given(damaged())
def test_damaged_rule_files_never_raise(validate_text, data):
    variant, problems = validate_text(data)
    assert_answer(data, variant, problems)


@given(st.sampled_from(sorted(FILES)), st.data())
def test_every_prefix_of_a_rule_file_is_answered(validate_text, name, data):
    """A file cut anywhere (mid-character included) is a valid variant or located errors."""
    raw = FILES[name]
    cut = data.draw(st.integers(0, len(raw)))
    variant, problems = validate_text(raw[:cut])
    assert_answer(raw[:cut], variant, problems)
