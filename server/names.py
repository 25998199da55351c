"""User names: what a name may be written with, and the canonical form that makes two names one.

A name is read in NFKC (fullwidth Latin becomes ASCII, halfwidth katakana becomes fullwidth, a kana
with a combining voiced mark becomes the voiced kana) and must then be 3 to 32 characters, each an
ASCII letter or digit, ``_``, ``-``, a hiragana, a katakana or a kanji. That repertoire is the one
UTS #39 calls "highly restrictive" for Japanese (Latin + Han + Hiragana + Katakana): no control or
format character (zero-width, bidi overrides, BOM, soft hyphen), no space, no combining mark, and no
Cyrillic or Greek letter that could pass for a Latin one.

The canonical form decides uniqueness and finds the account at login: the casefold of the NFKC form
(NFKC again after folding, as Unicode's NFKC_Casefold), without invisible characters, with the few
kana that are drawn like a kanji (カ/力, ロ/口, ...) or like the other kana (へ/ヘ) replaced by one of the
pair (UTS #39 confusables, restricted to this repertoire). Nothing here imports from the server: the
models and migration 0005 use it too. Changing the canonical form needs a migration that recomputes
``users.canonical``.
"""

from __future__ import annotations

import unicodedata

MIN_LENGTH, MAX_LENGTH = 3, 32
RULE = "A user name is 3 to 32 letters (Latin or Japanese: kana and kanji), digits, '_' or '-'."

# (first, last) code points allowed after NFKC, besides ASCII letters, digits, '_' and '-'.
JAPANESE = (
    (0x3041, 0x3096),  # hiragana
    (0x309D, 0x309F),  # hiragana iteration marks, ゟ
    (0x30A1, 0x30FA),  # katakana (ヶ included)
    (0x30FC, 0x30FF),  # ー, katakana iteration marks, ヿ
    (0x3005, 0x3005),  # 々, the kanji repetition mark (佐々木)
    (0x3400, 0x4DBF),  # CJK extension A
    (0x4E00, 0x9FFF),  # CJK unified ideographs
    (0x20000, 0x3134F),  # CJK extensions B to G (𠮷)
)
ASCII = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-")

# Kana drawn like a kanji or like another kana, mapped to one of the pair (UTS #39 confusables.txt).
SKELETON = str.maketrans({
    "カ": "力", "ロ": "口", "エ": "工", "ニ": "二", "ト": "卜", "ハ": "八", "タ": "夕", "ー": "一",
    "へ": "ヘ", "べ": "ベ", "ぺ": "ペ",
})
# Dropped from the canonical form: they are never part of a valid name, and a name typed with them at
# login (a trailing newline, a zero-width space) still finds the account.
INVISIBLE = frozenset({"Cc", "Cf", "Zs", "Zl", "Zp", "Mn", "Me"})


def normal_form(name: str) -> str:
    """The name as it is stored and shown: its NFKC form."""
    return unicodedata.normalize("NFKC", name)


def is_allowed(ch: str) -> bool:
    if ch in ASCII:
        return True
    cp = ord(ch)
    return any(first <= cp <= last for first, last in JAPANESE)


def describe(ch: str) -> str:
    """A character named without writing it (it may be invisible or reorder the text around it)."""
    name = unicodedata.name(ch, "")
    return f"U+{ord(ch):04X} {name}".rstrip() if name else f"U+{ord(ch):04X} ({unicodedata.category(ch)})"


def problem(name: str) -> str | None:
    """Why this name (already in NFKC) cannot be registered, or None."""
    for ch in name:
        if not is_allowed(ch):
            return f"{describe(ch)} is not allowed in a user name. {RULE}"
    if not MIN_LENGTH <= len(name) <= MAX_LENGTH:
        return RULE
    return None


def canonical_name(name: str) -> str:
    """The key two names must not share, and by which a login finds its account."""
    folded = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())
    return "".join(ch for ch in folded if unicodedata.category(ch) not in INVISIBLE).translate(SKELETON)
