"""What every variant's kernel shares: numba (or its absence), bit counts, the uniform stream.

A kernel (`compiler.kernel` writes one per variant) is numba-compilable
Python: integers, bit masks and typed arrays, no Python objects in its loops.
Its functions are decorated with `njit` from here. Where numba cannot be
imported (a Python it does not support yet), `njit` leaves them as they are
and the same source runs as plain Python, slower; `NATIVE` says which, and
`engine_note()` is the one line that tells the user.

The stages of a hand that an entry point calls (the deal, the plays, the
scoring, the match's decision) are decorated with `engine.stages.stage`
instead: compiled on their own, called through function pointers.

The helpers below are the mask arithmetic of the expression language
(`language.expr.runtime` does the same on Python ints) and the splitmix64
stream of `engine.stream`, computed on 64-bit words.
"""

from __future__ import annotations

import sys
from contextlib import contextmanager

import numpy as np

from .stream import GOLDEN, MASK64
from .stream import mix as _mix_py


def _import_numba():
    """numba, without two of its imports when this process has not made them yet.

    scipy's BLAS: on import, numba asks whether it is there (numba.np.arraymath's _HAVE_BLAS),
    which imports scipy.linalg: a quarter of a warm kernel load (0.11 s of 0.44 s CPU), for
    BLAS, which no kernel calls. With the probe answered "no", only np.correlate and
    np.convolve in numba code of this process take numba's own inner-product loop instead
    of BLAS; np.dot and np.linalg ask scipy themselves when first compiled, as before
    (tests/test_kernel_compiler.py pins it).

    colorama: where it is installed, numba marks up every error message it makes with it, and
    its type inference makes hundreds of messages it throws away (typeof of each global it then
    types another way), each starting and stopping colorama's wrapping of stdout and stderr:
    about 2% of a kernel's first compile. Without it numba's messages are plain text, which its
    default scheme (no colour) nearly is anyway."""
    hidden = [name for name in ("scipy.linalg.cython_blas", "colorama")
              if "numba" not in sys.modules and name not in sys.modules]
    for name in hidden:
        sys.modules[name] = None  # an import of it now raises ImportError
    try:
        import numba
        import numba.np.arraymath  # noqa: F401  the probe runs on this import
    finally:
        for name in hidden:
            if sys.modules.get(name, 0) is None:
                del sys.modules[name]
    return numba


try:  # numba is a dependency, but a new Python may come before numba supports it
    _numba = _import_numba()
except ImportError:  # pragma: no cover - exercised by tests that hide numba
    _numba = None

NATIVE = _numba is not None
_PLAIN = [False]  # set by `plain_python()`: njit leaves functions as they are
_UNCACHED = [False]  # set by `uncached()`: numba compiles, and keeps nothing on disk


def njit(*args, **kwargs):
    """numba.njit where numba is, else the function itself (the same source as plain Python).

    error_model="numpy": no zero-division check on every `//` and `%` (the language only
    divides by non-zero constants, and seat arithmetic by the players); Scopa's random
    hands ran 14% faster without them.

    _nrt=False unless a function says `_nrt=True`: numba's runtime counts references to every
    array a function is passed or slices, two atomic operations each per call, and the kinds'
    code (many calls with scratch arrays) spent four fifths of its time there. A function that
    makes an array needs the runtime: numba refuses np.zeros in one without it, but an array
    made by a call (`ints`, `_standing`) in a function without the runtime is never freed, and
    leaks. tests/test_kernel_memory.py counts the runtime's allocations and frees around
    every entry point of the kernels, so such a leak cannot pass unnoticed.

    No C wrapper (numba's cfunc one): nothing takes a kernel function's address (a stage's
    is its own, engine.stages). inner=True: only compiled code calls the function, never Python, so
    numba writes no CPython wrapper either. Each wrapper (a third of a small function's code,
    the arguments unboxed one by one) is typed, optimised, compiled to machine code and cached
    with its function, though nothing ever calls it: without them Escoba de 15's first compile
    is about 6% shorter (median of seven runs side by side)."""
    inner = kwargs.pop("inner", False)
    if compiling():
        if _UNCACHED[0]:
            kwargs["cache"] = False
        kwargs.setdefault("error_model", "numpy")
        kwargs.setdefault("_nrt", False)
        kwargs.setdefault("no_cfunc_wrapper", True)  # nothing takes a kernel function's C address
        if inner:
            kwargs.setdefault("no_cpython_wrapper", True)
        if args and callable(args[0]):
            return _unliteral(_numba.njit(**kwargs)(args[0]))
        return lambda function: _unliteral(_numba.njit(*args, **kwargs)(function))
    if args and callable(args[0]):
        return args[0]
    return lambda function: function


if _numba is not None:
    from numba.core import types as _types
    from numba.core.registry import CPUDispatcher as _CPUDispatcher

    class _UnliteralDispatcher(_CPUDispatcher):
        """A kernel function that another compiles for its arguments' types, never their values.

        Called from compiled code with a constant (`ints(12)`, `_with_total(..., 1, ..., 0, ...)`),
        numba types the argument as that literal and compiles the callee once per constant: Cuarenta's
        capture kinds compiled twice, `_with_total` four times, a third of its kernel's first compile.
        Typed as plain integers, each function compiles once; no kernel function asks for a literal
        (numba.literally), so none loses anything."""

        def get_call_template(self, args, kws):
            return super().get_call_template(tuple(_types.unliteral(a) for a in args),
                                             {k: _types.unliteral(v) for k, v in kws.items()})

    def _unliteral(dispatcher):
        dispatcher.__class__ = _UnliteralDispatcher
        return dispatcher


def compiling() -> bool:
    """Whether a function decorated now is compiled by numba: numba is installed and no
    `plain_python()` is in force (engine.stages asks it too)."""
    return _numba is not None and not _PLAIN[0]


@contextmanager
def plain_python():
    """While it lasts, `njit` leaves functions as plain Python: a kernel's source imported in it
    runs without numba's compile (`compiler.kernels.load_kernel(native=False)`), so a variant
    made up for one test plays the kernel's own code in milliseconds instead of seconds."""
    _PLAIN[0] = True
    try:
        yield
    finally:
        _PLAIN[0] = False


@contextmanager
def uncached():
    """While it lasts, numba compiles what is decorated without its cache (`cache=True` dropped):
    a kernel whose cache folder cannot be written is compiled in memory, for this process only
    (compiler.kernels)."""
    _UNCACHED[0] = True
    try:
        yield
    finally:
        _UNCACHED[0] = False


def caching() -> bool:
    """Whether what is decorated now keeps its machine code in numba's cache (not in `uncached()`)."""
    return not _UNCACHED[0]


def plain_helpers() -> dict:
    """The helpers below as plain Python, by name, for a kernel run as plain Python: the bit
    and stream arithmetic on Python ints (as without numba), the rest their own Python."""
    out = {name: getattr(value, "py_func", value) for name, value in globals().items()
           if name in _HELPERS}
    out.update(popcount=_popcount_py, mix=_mix_plain, uniform=_uniform_py, stream_seed=_stream_seed_py)
    return out


def engine_note() -> str:
    """One line on how kernels run on this machine."""
    if NATIVE:
        return f"kernel: numba {_numba.__version__}, compiled to machine code"
    return "kernel: numba is not installed for this Python, so kernels run as plain Python (much slower)"


def _popcount_py(x):
    return int(x).bit_count()


def _mix_plain(z):
    return _mix_py(int(z))


def _uniform_py(streams, k):
    state = (int(streams[k]) + GOLDEN) & MASK64
    streams[k] = state
    return (_mix_py(state) >> 11) * (1.0 / 9007199254740992.0)


def _stream_seed_py(seed, index):
    return _mix_py((int(seed) * GOLDEN + int(index) * 0xD1B54A32D192ED03 + 1) & MASK64)


MAX_POINTS = 10**9  # as language.expr.runtime.MAX_POINTS


@njit(cache=True)
def clamp(value):
    """runtime.points: points never below 0 nor above MAX_POINTS."""
    return min(MAX_POINTS, max(0, value))


if NATIVE:
    @njit(cache=True)
    def popcount(x):
        """The cards in a mask (SWAR; LLVM turns it into one instruction)."""
        x = x - ((x >> 1) & 0x5555555555555555)
        x = (x & 0x3333333333333333) + ((x >> 2) & 0x3333333333333333)
        x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0F
        return ((x * 0x0101010101010101) >> 56) & 0x7F

    @njit(cache=True)
    def mix(z):
        z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
        z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
        return z ^ (z >> np.uint64(31))

    @njit(cache=True)
    def uniform(streams, k):
        """The next uniform of stream `k` (engine.stream.Stream.random)."""
        state = streams[k] + np.uint64(GOLDEN)
        streams[k] = state
        return np.float64(mix(state) >> np.uint64(11)) * (1.0 / 9007199254740992.0)

    @njit(cache=True)
    def stream_seed(seed, index):
        """engine.stream.seat_seed on 64-bit words."""
        return mix(np.uint64(seed) * np.uint64(GOLDEN) + np.uint64(index) * np.uint64(0xD1B54A32D192ED03)
                   + np.uint64(1))
else:
    popcount, mix, uniform, stream_seed = _popcount_py, _mix_plain, _uniform_py, _stream_seed_py


@njit(cache=True)
def lowest(mask):
    """The index of the lowest card of a non-empty mask."""
    return popcount((mask & -mask) - 1)


@njit(cache=True)
def shuffle(deck, streams, k):
    """Fisher-Yates from the top with stream `k` (engine.stream.Stream.shuffle)."""
    for i in range(deck.shape[0] - 1, 0, -1):
        j = np.int64(uniform(streams, k) * (i + 1))
        t = deck[i]
        deck[i] = deck[j]
        deck[j] = t


@njit(cache=True)
def card_sum(cards, values, masks):
    """runtime.card_sum: `values[g]` times the cards of `cards` in `masks[g]`."""
    total = 0
    for g in range(values.shape[0]):
        total += values[g] * popcount(cards & masks[g])
    return total


@njit(cache=True)
def primiera(cards, suit_masks, points, masks):
    """runtime.primiera: per suit present, the points of its best group (rows from the highest down)."""
    total = 0
    for s in range(suit_masks.shape[0]):
        if cards & suit_masks[s]:
            for g in range(points.shape[1]):
                if cards & masks[s, g]:
                    total += points[s, g]
                    break
    return total


@njit(cache=True)
def suits(cards, suit_masks):
    present = 0
    for s in range(suit_masks.shape[0]):
        if cards & suit_masks[s]:
            present += 1
    return present


@njit(cache=True)
def straight(cards, rank_masks):
    length = 0
    for r in range(rank_masks.shape[0]):
        if not cards & rank_masks[r]:
            break
        length += 1
    return length


@njit(cache=True)
def equal_groups(cards, below, values, masks):
    """runtime.equal_groups over the value groups' arrays (values ascending, each one's cards)."""
    counted = 0
    n = 0
    total = 0
    top = 0
    for g in range(values.shape[0]):
        mine = cards & masks[g]
        counted |= mine
        c = popcount(mine)
        n += c
        total += c * values[g]
        if c:
            top = values[g]
    if cards & ~counted or n < 2:
        return False
    t = top
    while t < below and 2 * t <= total:
        if total % t == 0 and _splits(cards, values, masks, n, t):
            return True
        t += 1
    return False


@njit(cache=True)
def _largest(counts, limit):
    while limit >= 1 and counts[limit] == 0:
        limit -= 1
    return max(limit, 0)


@njit(cache=True, _nrt=True)  # its arrays and its set: numba's runtime frees them
def _splits(cards, values, masks, n, t):
    """runtime.splits_into, on arrays for equal_groups (a test holds the two equal); its memo packs the
    counts six bits a value, which the bound (EQUAL_GROUPS_BELOW) keeps to ten values."""
    counts = np.zeros(t + 1, dtype=np.int64)
    for g in range(values.shape[0]):
        counts[values[g]] += popcount(cards & masks[g])
    left = n
    failed = set()
    failed.add(np.int64(-1))  # typed: a set of int64 (-1 is no key)
    pick_u = np.zeros(n, dtype=np.int64)
    pick_r = np.zeros(n, dtype=np.int64)
    pick_v = np.zeros(n, dtype=np.int64)
    pick_key = np.zeros(n, dtype=np.int64)
    depth = 0
    r = 0
    v = 0
    while True:
        backtrack = False
        if r == 0:
            if left == 0:
                return True
            key = np.int64(0)
            for w in range(t, 0, -1):
                key = key * 64 + counts[w]
            if key in failed:
                backtrack = True
            else:
                m = _largest(counts, t)
                pick_u[depth] = m
                pick_r[depth] = 0
                pick_v[depth] = 0
                pick_key[depth] = key
                depth += 1
                left -= 1
                r = t - m
                v = m
                counts[m] -= 1
        else:
            u = _largest(counts, min(v, r))
            if u:
                pick_u[depth] = u
                pick_r[depth] = r
                pick_v[depth] = v
                pick_key[depth] = -1
                depth += 1
                left -= 1
                r = r - u
                v = u
                counts[u] -= 1
            else:
                backtrack = True
        while backtrack:
            if depth == 0:
                return False
            depth -= 1
            u = pick_u[depth]
            counts[u] += 1
            left += 1
            if pick_key[depth] >= 0:
                failed.add(pick_key[depth])
                continue
            rb = pick_r[depth]
            vb = pick_v[depth]
            smaller = _largest(counts, min(u - 1, vb, rb))
            if smaller:
                pick_u[depth] = smaller
                pick_r[depth] = rb
                pick_v[depth] = vb
                pick_key[depth] = -1
                depth += 1
                left -= 1
                r = rb - smaller
                v = smaller
                counts[smaller] -= 1
                backtrack = False


@njit(cache=True)
def most_alike(cards, groups):
    best = 0
    for g in range(groups.shape[0]):
        best = max(best, popcount(cards & groups[g]))
    return best


@njit(cache=True)
def same_rank_as(cards, of, ranks):
    """runtime.same_rank_as over the deck's rank masks."""
    out = np.int64(0)
    for g in range(ranks.shape[0]):
        if of & ranks[g]:
            out |= cards & ranks[g]
    return out


@njit(cache=True)
def most(values, eligible, side, ties_all):
    """runtime.most over one row of per-side values and one row of eligibility (1/0)."""
    if not eligible[side]:
        return False
    mine = values[side]
    for other in range(values.shape[0]):
        if other == side or not eligible[other]:
            continue
        if values[other] > mine or (values[other] == mine and not ties_all):
            return False
    return True


@njit(cache=True)
def round_up(number, step):
    return -(-number // step) * step


@njit(cache=True)
def round_down(number, step):
    return number // step * step


# Arrays for the kernels' scratch: made here, compiled once for every kernel on the machine (a
# variant's own np.zeros calls would each compile numba's array constructor again, per shape).
@njit(cache=True, _nrt=True)
def ints(n):
    return np.zeros(n, dtype=np.int64)


@njit(cache=True, _nrt=True)
def ints2(rows, columns):
    return np.zeros((rows, columns), dtype=np.int64)


@njit(cache=True, _nrt=True)
def words(n):
    return np.zeros(n, dtype=np.uint64)


@njit(cache=True)
def best_other(scores, side):
    """runtime.best_other: the highest match score among the sides but `side` (0 with none)."""
    best = 0
    seen = False
    for other in range(scores.shape[0]):
        if other != side and (not seen or scores[other] > best):
            best = scores[other]
            seen = True
    return best


@njit(cache=True)
def share(points, sides):
    """runtime.share in a kernel's scaled points: `points` (already times the kernel's scale,
    which every count of sides up to the variant's divides) shared between `sides` sides."""
    return points // max(sides, 1)


#: what a kernel imports from here (plain_helpers gives each as plain Python)
_HELPERS = ("clamp", "popcount", "mix", "uniform", "stream_seed", "lowest", "shuffle", "card_sum", "primiera", "suits",
            "straight", "most_alike", "most", "round_up", "round_down", "ints", "ints2", "words", "best_other",
            "share", "same_rank_as")
