"""RFC 6902 patches between two views of one role, fast for the part that only grows: the log.

A view's ``log`` is a list that usually gains lines at its end; comparing it with jsonpatch walks
every old line in Python on every action. Here the old log is compared as a prefix of the new one
(dict equality, in C) and the new lines become ``add /log/-`` operations; anything else (a line
rewritten, e.g. a hidden counter's name masked) falls back to jsonpatch for the log too.
"""

from __future__ import annotations

from typing import Any

import jsonpatch

Ops = list[dict[str, Any]]


def view_patch(old: dict[str, Any], new: dict[str, Any]) -> Ops:
    old_log, new_log = old.get("log"), new.get("log")
    if not (isinstance(old_log, list) and isinstance(new_log, list)):
        return list(jsonpatch.make_patch(old, new).patch)
    rest = list(jsonpatch.make_patch({k: v for k, v in old.items() if k != "log"},
                                     {k: v for k, v in new.items() if k != "log"}).patch)
    n = len(old_log)
    if len(new_log) >= n and new_log[:n] == old_log:
        return rest + [{"op": "add", "path": "/log/-", "value": line} for line in new_log[n:]]
    return rest + [{**op, "path": "/log" + op["path"]} for op in jsonpatch.make_patch(old_log, new_log).patch]
