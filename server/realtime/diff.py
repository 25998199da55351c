"""RFC 6902 patches between two views of one role: ``add``, ``remove`` and ``replace`` only.

A patch turns the old view into the new one exactly, as JSON: ``1``, ``1.0`` and ``true`` are three
values (Python finds them equal), and so are ``0.0`` and ``-0.0``. Every pointer is one into the
view, escaped (``~0``, ``~1``); there is no ``move`` or ``copy``, whose ``from`` is one more pointer
to get right (jsonpatch's diff, used before, made moves between log lines whose ``from`` lost its
``/log`` and pointed at the top of the view: every undo of the log broke the patch).

A list is compared by its longest common beginning and end, found by halving with list equality
(in C), so the part that only grows, the log, costs a few comparisons and the new lines become
``add /log/-``; an undo (the end of the log taken back, an undo line added) or a rewritten line
(a counter masked) changes only the lines between. Members that are equal in Python are confirmed
the same JSON value before they are skipped.
"""

from __future__ import annotations

import json
import marshal
import operator
from collections.abc import Callable
from typing import Any, Literal, NotRequired, TypedDict


class PatchOp(TypedDict):
    """An RFC 6902 operation, of the three this module writes. ``remove`` has no value."""

    op: Literal["add", "remove", "replace"]
    path: str
    value: NotRequired[Any]


Ops = list[PatchOp]


def _bytes(v: Any) -> bytes:
    """A value as bytes that tell apart what JSON tells apart (1, 1.0 and true; 0.0 and -0.0) and
    no more than its value: marshal's version 2 writes no references to objects seen before, and
    runs in C, ten times faster than a JSON encoder. What marshal cannot write (a dict subclass)
    is written as JSON."""
    try:
        return marshal.dumps(v, 2)
    except ValueError:
        return json.dumps(v, ensure_ascii=False).encode()


def view_patch(old: dict[str, Any], new: dict[str, Any]) -> Ops:
    ops: Ops = []
    if not _same(old, new):
        _diff(old, new, "", ops)
    return ops


def _same(a: Any, b: Any) -> bool:
    """The same JSON value (not only equal in Python)."""
    return type(a) is type(b) and a == b and (not isinstance(a, dict | list | tuple | float) or _bytes(a) == _bytes(b))


def _pointer(path: str, key: str | int) -> str:
    return f"{path}/{key}" if isinstance(key, int) else f"{path}/{key.replace('~', '~0').replace('/', '~1')}"


def _diff(old: Any, new: Any, path: str, ops: Ops) -> None:
    """The ops that turn ``old`` into ``new``, which are not the same, at ``path``."""
    if isinstance(old, dict) and isinstance(new, dict):
        for key in old:
            if key not in new:
                ops.append({"op": "remove", "path": _pointer(path, key)})
        for key, value in new.items():
            if key in old:
                if not _same(old[key], value):
                    _diff(old[key], value, _pointer(path, key), ops)
            else:
                ops.append({"op": "add", "path": _pointer(path, key), "value": value})
    elif isinstance(old, list | tuple) and isinstance(new, list | tuple):
        _diff_list(list(old), list(new), path, ops)
    else:
        ops.append({"op": "replace", "path": path, "value": new})


def _diff_list(old: list[Any], new: list[Any], path: str, ops: Ops) -> None:
    n, m = len(old), len(new)
    head = _common(min(n, m), lambda k: (old[:k], new[:k]), lambda i: (old[i], new[i]))
    tail = _common(min(n, m) - head, lambda k: (old[n - k:], new[m - k:]),
                   lambda i: (old[n - 1 - i], new[m - 1 - i]))
    # Between the common head and tail: members paired by position are diffed, the rest of the
    # old ones removed, or the rest of the new ones added.
    old_mid, new_mid = n - head - tail, m - head - tail
    paired = head + min(old_mid, new_mid)
    for i in range(head, paired):
        if not _same(old[i], new[i]):
            _diff(old[i], new[i], _pointer(path, i), ops)
    for _ in range(old_mid - new_mid):
        ops.append({"op": "remove", "path": _pointer(path, paired)})
    for i in range(paired, paired + new_mid - old_mid):
        ops.append({"op": "add", "path": f"{path}/-" if tail == 0 else _pointer(path, i), "value": new[i]})


def _common(most: int, part: Callable[[int], tuple[list[Any], list[Any]]],
            member: Callable[[int], tuple[Any, Any]]) -> int:
    """How many members (at most ``most``) a common head, or tail, of two lists has: ``part(k)``
    is the two heads (tails) of length ``k``, ``member(i)`` the two ``i``-th members counted from
    that end. Heads only stop being equal as they grow, so the length is found by halving with
    list equality, then confirmed as JSON values; only where that fails (a 1 that became true), the
    members are compared one by one."""
    a, b = part(most)
    if a == b:
        k = most
    else:
        lo, hi = 0, most - 1  # part(lo) is equal; part(hi + 1) is not
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if operator.eq(*part(mid)):
                lo = mid
            else:
                hi = mid - 1
        k = lo
        a, b = part(k)
    if k == 0 or _bytes(a) == _bytes(b):
        return k
    same = 0
    while same < k and _same(*member(same)):
        same += 1
    return same
