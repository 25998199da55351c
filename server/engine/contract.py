"""Does a value fit its TypedDict? The runtime half of the typed view contract.

mypy checks that the code building a view promises its ``View`` TypedDict; what comes out of the
state (``dict[str, Any]``) it takes on trust. ``violations`` checks real values, as JSON sees them:
a missing key, a key the type does not name, or a value of another JSON type is a violation.

It is strict where JSON is: ``True`` is not an ``int`` (JSON tells ``true`` from ``1``), an ``int``
is not a ``float`` (``1`` from ``1.0``: the patches tell them apart), a tuple is not a list (a view
holds JSON data only). Its own few lines rather than pydantic's ``TypeAdapter``: pydantic wants
``extra="forbid"`` configured on every TypedDict (noise in the server's types, and a config mypy
reads as a field), coerces unless told to be strict and, strict, still takes an int for a float;
this walks the type hints with the stdlib and says where it failed (``$.counters[3].mp_left``).

>>> from typing import NotRequired, TypedDict
>>> class Unit(TypedDict):
...     ref: str
...     hex: str | None
...     mp: NotRequired[float]
>>> violations([{"ref": "J-T1", "hex": None}], list[Unit])
[]
>>> violations({"ref": "J-T1", "mp": 1, "cf": 3}, Unit)
['$: missing key hex', '$.mp: expected float, got int 1', '$: unexpected key cf']
>>> violations({"ref": True, "hex": "0712"}, Unit)
['$.ref: expected str, got bool True']
"""

from __future__ import annotations

import types
from typing import Any, Literal, NotRequired, Required, Union, get_args, get_origin, get_type_hints, is_typeddict

_ATOMS: dict[type, str] = {str: "str", int: "int", float: "float", bool: "bool", type(None): "None"}


def violations(value: Any, tp: Any, path: str = "$") -> list[str]:
    """Where ``value`` does not fit ``tp`` (a TypedDict, list, dict, union, Literal, atom or Any)."""
    out: list[str] = []
    _check(value, tp, path, out)
    return out


def _check(value: Any, tp: Any, path: str, out: list[str]) -> None:
    if tp is Any or tp is object:
        return
    if tp is None:
        tp = type(None)
    origin = get_origin(tp)
    if origin in (Required, NotRequired):
        _check(value, get_args(tp)[0], path, out)
    elif is_typeddict(tp):
        _typeddict(value, tp, path, out)
    elif origin in (Union, types.UnionType):
        _union(value, get_args(tp), path, out)
    elif origin is Literal:
        if not any(type(value) is type(a) and value == a for a in get_args(tp)):
            out.append(f"{path}: expected one of {list(get_args(tp))}, got {value!r}")
    elif origin is list:
        if _is(value, list, path, out):
            (member,) = get_args(tp) or (Any,)
            for i, v in enumerate(value):
                _check(v, member, f"{path}[{i}]", out)
    elif origin is dict:
        if _is(value, dict, path, out):
            key, member = get_args(tp) or (Any, Any)
            for k, v in value.items():
                _check(k, key, f"{path} (key {k!r})", out)
                _check(v, member, f"{path}.{k}", out)
    elif tp in _ATOMS:
        _is(value, tp, path, out)
    else:
        raise TypeError(f"{path}: no check for the type {tp!r}")


def _is(value: Any, kind: type, path: str, out: list[str]) -> bool:
    if type(value) is kind:  # exactly: a bool is no int, an int no float, a tuple no list
        return True
    out.append(f"{path}: expected {_ATOMS.get(kind, kind.__name__)}, got {_name(value)}")
    return False


def _name(value: Any) -> str:
    kind = _ATOMS.get(type(value), type(value).__name__)
    return f"{kind} {value!r}" if type(value) in _ATOMS else kind


def _typeddict(value: Any, tp: Any, path: str, out: list[str]) -> None:
    if not _is(value, dict, path, out):
        return
    hints = get_type_hints(tp, include_extras=True)
    for key in sorted(_required(tp, hints) - value.keys()):
        out.append(f"{path}: missing key {key}")
    for key, v in value.items():
        if key in hints:
            _check(v, hints[key], f"{path}.{key}", out)
        else:
            out.append(f"{path}: unexpected key {key}")


def _required(tp: Any, hints: dict[str, Any]) -> set[str]:
    """The keys a TypedDict requires. Read from the hints: under ``from __future__ import
    annotations`` Python 3.11 counts a ``NotRequired`` key among ``__required_keys__``."""
    return {k for k, h in hints.items()
            if get_origin(h) is Required or (k in tp.__required_keys__ and get_origin(h) is not NotRequired)}


def _union(value: Any, options: tuple[Any, ...], path: str, out: list[str]) -> None:
    """Fits one of the options; else the complaints of the option of its own JSON type, if any."""
    tried: list[list[str]] = []
    for option in options:
        errors: list[str] = []
        _check(value, option, path, errors)
        if not errors:
            return
        tried.append(errors)
    deep = [e for e in tried if not (len(e) == 1 and e[0].startswith(f"{path}: expected"))]
    out.extend(deep[0] if len(deep) == 1 else [f"{path}: {_name(value)} fits none of {_spell(options)}"])


def _spell(options: tuple[Any, ...]) -> str:
    return " | ".join(_ATOMS.get(o) or (o.__name__ if isinstance(o, type) else repr(o)) for o in options)
