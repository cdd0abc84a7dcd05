"""The engine's reports as Python objects.

Every report of the onag library (what the CLI's ``--json`` and the HTTP API print) reaches
Python as its JSON, read by :mod:`json`; :class:`Report` wraps each object so its fields are
attributes as well as keys, under the same names as everywhere else.
"""

from typing import Any


class Report(dict):
    """A report: a ``dict`` of the report's fields that also reads them as attributes (a field
    named like a ``dict`` method — ``values``, ``items``, ``keys`` — is read as ``r["values"]``).

    >>> r = Report.of({"size": 2, "marking": {"closed": True}})
    >>> r.size, r.marking.closed, r["marking"]["closed"]
    (2, True, True)
    """

    def __getattr__(self, name: str) -> Any:
        try:
            return self[name]
        except KeyError:
            raise AttributeError(name) from None

    @classmethod
    def of(cls, value: Any) -> Any:
        """``value`` with every JSON object inside it a :class:`Report`."""
        if isinstance(value, dict):
            return cls({k: cls.of(v) for k, v in value.items()})
        if isinstance(value, list):
            return [cls.of(v) for v in value]
        return value
