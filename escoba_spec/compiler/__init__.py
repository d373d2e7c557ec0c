"""The compiler: a variant's IR -> one specialised Python module (`generated/<id>.py`)."""
