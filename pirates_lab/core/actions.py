"""Actions as frozen dataclasses with a readable ``str()``.

>>> @action("sail to {to}")
... class Sail:
...     to: tuple
>>> str(Sail((1, 2))), Sail((1, 2)) == Sail((1, 2)), hash(Sail((1, 2))) == hash(Sail((1, 2)))
('sail to (1, 2)', True, True)

The class is also registered for saves (:func:`~pirates_lab.core.saveload.saveable`), so an
action may sit in a state.  The template is ``str.format`` over the fields; a ``__str__`` written
in the class body wins over the template.
"""
from __future__ import annotations

from dataclasses import dataclass, fields

from .saveload import saveable

__all__ = ["action"]


def action(template: str | None = None):
    """Class decorator: a frozen, saveable dataclass whose ``str()`` fills ``template``."""

    def wrap(cls):
        own_str = "__str__" in cls.__dict__
        cls = saveable(dataclass(frozen=True)(cls))
        if not own_str:
            text = template if template is not None else cls.__name__.lower()

            def __str__(self, _text=text):
                return _text.format(**{f.name: getattr(self, f.name) for f in fields(self)})

            cls.__str__ = __str__
        return cls

    return wrap
