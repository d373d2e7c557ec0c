# case: a module lying in the folder a command runs in, beside a downloaded rule file; escoba-spec
# must never import it (tests/test_run_folder.py). Imported, it writes its name to $POISON_LOG.
import os

with open(os.environ.get("POISON_LOG") or os.path.join(os.path.dirname(os.path.abspath(__file__)), "POISONED"),
          "a", encoding="utf-8") as log:
    log.write(__name__ + "\n")
