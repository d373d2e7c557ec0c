"""`python -m escoba_spec`: the command line, with the current folder taken off the module path
first (`python -m` put it there: a `numpy.py` lying beside a downloaded rule file is not imported).
`processes` imports nothing but `os` and `sys`, which are loaded already. A Ctrl-C while the
command loads is exit 130, as one during it, and ends the process at once as one during it does
(processes.leave_interrupted: a half-imported numba is not finalized either)."""

import sys

from .processes import drop_current_folder, leave_interrupted

drop_current_folder()

try:
    from .cli import command  # noqa: E402  (only once the path is trusted)
except KeyboardInterrupt:  # Ctrl-C while the command is still loading: interrupted, without a traceback
    leave_interrupted("escoba-spec: interrupted")

sys.exit(command())
