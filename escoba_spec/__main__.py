"""`python -m escoba_spec`: the command line, with the current folder taken off the module path
first (`python -m` put it there: a `numpy.py` lying beside a downloaded rule file is not imported).
`processes` imports nothing but `os` and `sys`, which are loaded already. A Ctrl-C while the
command loads is exit 130, as one during it."""

import sys

from .processes import drop_current_folder

drop_current_folder()

try:
    from .cli import main  # noqa: E402  (only once the path is trusted)
except KeyboardInterrupt:  # Ctrl-C while the command is still loading: interrupted, without a traceback
    print("escoba-spec: interrupted", file=sys.stderr)
    sys.exit(130)

sys.exit(main())
