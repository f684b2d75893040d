"""Saving and loading: a JSON envelope with a checksum, and an encoder for plain game data.

A save is refused whole — never half-loaded — when it is not JSON, not a pirates_lab save,
from another game, damaged (checksum), or does not rebuild to exactly what was saved.

The encoder keeps Python types JSON has no word for: tuples, frozensets, Fractions,
dicts with non-string keys, and dataclasses/enums registered with :func:`saveable`.

>>> decode(json.loads(json.dumps(encode({(1, 2): Fraction(1, 3)}))))
{(1, 2): Fraction(1, 3)}
"""
from __future__ import annotations

import dataclasses
import enum
import hashlib
import json
from fractions import Fraction
from typing import Any

from .errors import CorruptSave

__all__ = ["encode", "decode", "saveable", "make_envelope", "open_envelope", "canonical_json"]

FORMAT = "pirates_lab.save"
VERSION = 1

_REGISTRY: dict[str, type] = {}


def saveable(cls: type) -> type:
    """Class decorator: let a frozen dataclass, NamedTuple or Enum appear in saves."""
    _REGISTRY[f"{cls.__module__}.{cls.__qualname__}"] = cls
    return cls


def _type_name(obj: Any) -> str:
    name = f"{type(obj).__module__}.{type(obj).__qualname__}"
    if name not in _REGISTRY:
        raise TypeError(f"{type(obj).__qualname__} cannot be saved: decorate it with @saveable")
    return name


def encode(obj: Any) -> Any:
    """Turn game data into JSON-able data, keeping every type it needs to come back."""
    if obj is None or isinstance(obj, (bool, str)):
        return obj
    if isinstance(obj, enum.Enum):
        return {"__enum__": _type_name(obj), "name": obj.name}
    if isinstance(obj, int):
        return obj
    if isinstance(obj, float):
        raise TypeError("floats are not saved: use Fraction for exact values")
    if isinstance(obj, Fraction):
        return {"__fraction__": f"{obj.numerator}/{obj.denominator}"}
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return {"__type__": _type_name(obj),
                "fields": {f.name: encode(getattr(obj, f.name)) for f in dataclasses.fields(obj)}}
    if isinstance(obj, tuple) and hasattr(obj, "_fields"):
        return {"__type__": _type_name(obj), "fields": {k: encode(v) for k, v in obj._asdict().items()}}
    if isinstance(obj, tuple):
        return {"__tuple__": [encode(x) for x in obj]}
    if isinstance(obj, list):
        return [encode(x) for x in obj]
    if isinstance(obj, (set, frozenset)):
        items = [encode(x) for x in obj]
        items.sort(key=canonical_json)
        return {"__frozenset__" if isinstance(obj, frozenset) else "__set__": items}
    if isinstance(obj, dict):
        if all(isinstance(k, str) and not k.startswith("__") for k in obj):
            return {k: encode(v) for k, v in obj.items()}
        return {"__dict__": [[encode(k), encode(v)] for k, v in obj.items()]}
    raise TypeError(f"{type(obj).__qualname__} cannot be saved")


def decode(data: Any) -> Any:
    """The inverse of :func:`encode`; raises ``ValueError`` on anything it did not make."""
    if data is None or isinstance(data, (bool, int, str)):
        return data
    if isinstance(data, float):
        raise ValueError("a save holds no floats")
    if isinstance(data, list):
        return [decode(x) for x in data]
    if not isinstance(data, dict):
        raise ValueError(f"unexpected value {data!r}")
    if "__tuple__" in data:
        return tuple(decode(x) for x in data["__tuple__"])
    if "__frozenset__" in data:
        return frozenset(decode(x) for x in data["__frozenset__"])
    if "__set__" in data:
        return {decode(x) for x in data["__set__"]}
    if "__fraction__" in data:
        return Fraction(data["__fraction__"])
    if "__dict__" in data:
        return {decode(k): decode(v) for k, v in data["__dict__"]}
    if "__enum__" in data:
        return _REGISTRY[data["__enum__"]][data["name"]]
    if "__type__" in data:
        cls = _REGISTRY.get(data["__type__"])
        if cls is None:
            raise ValueError(f"unknown saved type {data['__type__']!r}")
        return cls(**{k: decode(v) for k, v in data["fields"].items()})
    return {k: decode(v) for k, v in data.items()}


def canonical_json(data: Any) -> str:
    return json.dumps(data, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def _checksum(body: dict) -> str:
    return hashlib.sha256(canonical_json(body).encode("utf-8")).hexdigest()


def make_envelope(game: str, options: dict, payload: Any) -> str:
    body = {"format": FORMAT, "version": VERSION, "game": game, "options": options, "state": payload}
    return json.dumps({**body, "checksum": _checksum(body)}, sort_keys=True, ensure_ascii=False, indent=1)


def open_envelope(text: str | bytes, expected_game: str) -> tuple[dict, Any]:
    """Check a save and return (options, payload), or raise :class:`CorruptSave`."""
    try:
        data = json.loads(text)
    except (TypeError, ValueError) as error:
        raise CorruptSave(f"This is not a saved game (not valid JSON: {error}).") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise CorruptSave("This is not a pirates_lab saved game.")
    if data.get("version") != VERSION:
        raise CorruptSave(f"This save has format version {data.get('version')!r}; this pirates_lab reads {VERSION}.")
    if data.get("game") != expected_game:
        raise CorruptSave(f"This save is from the game {data.get('game')!r}, not {expected_game!r}.")
    body = {k: data.get(k) for k in ("format", "version", "game", "options", "state")}
    if data.get("checksum") != _checksum(body):
        raise CorruptSave("This save is damaged or was edited by hand: its checksum does not match.")
    if not isinstance(data["options"], dict):
        raise CorruptSave("This save has no valid game options.")
    return data["options"], data["state"]
