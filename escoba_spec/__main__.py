"""`python -m escoba_spec`: the command line, with the current folder taken off the module path
first (`python -m` put it there: a `numpy.py` lying beside a downloaded rule file is not imported).
`processes` imports nothing but `os` and `sys`, which are loaded already."""

import sys

from .processes import drop_current_folder

drop_current_folder()

from .cli import main  # noqa: E402  (only once the path is trusted)

sys.exit(main())
