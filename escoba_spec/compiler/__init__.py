"""The compiler: a variant's IR -> its kernel, one numba module specialised for it (`kernel`,
written to the cache by `kernels`, to `generated/<id>.py` by `modules`)."""
