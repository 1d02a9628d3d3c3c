"""The seed a phrase stands for: the first 8 bytes of its SHA-256, as an integer. Dice draws
and deck shuffles are seeded from phrases such as "(session seed):(draws used)", so that the
same session draws the same dice and shuffles the same decks on every machine."""

from __future__ import annotations

# CPython's own SHA-256 gives hashlib's digest without loading OpenSSL's libcrypto: ~4 ms of
# every app start, whose first decision draws a seed before the window's first paint
# (tests/ui/test_start_up_work.py). hashlib is the fallback for a Python built without them.
try:
    from _sha2 import sha256  # type: ignore[import-not-found]  # Python 3.12 and later
except ImportError:
    try:
        from _sha256 import sha256  # type: ignore[import-not-found]  # up to 3.11
    except ImportError:
        from hashlib import sha256


def phrase_seed(phrase: str) -> int:
    """The same integer for the same phrase, anywhere."""
    return int.from_bytes(sha256(phrase.encode()).digest()[:8], "big")
