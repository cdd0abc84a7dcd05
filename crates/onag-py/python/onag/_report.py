"""The engine's reports as Python objects.

Every report of the onag library (what the CLI's ``--json`` and the HTTP API print) reaches
Python as its JSON, read by :mod:`json`; :class:`Report` wraps each object so its fields are
attributes as well as keys, under the same names as everywhere else.
"""

from typing import Any, Optional


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

    def _repr_html_(self) -> str:
        """Notebook view: a game's analysis as a table with its moves and thermograph, a nim
        sequence or table with its picture, any other report as a table of its fields."""
        from ._render import report_html

        return report_html(self)

    def _repr_latex_(self) -> Optional[str]:
        """The value in LaTeX when the report has one (``canonical``), else ``None``."""
        from ._render import report_latex

        return report_latex(self)

    def plot(self, ax: Any = None, backend: Optional[str] = None) -> Any:
        """The report's picture (:mod:`onag.plot`): a thermograph, a Grundy or nim table as a
        heat map, a nim sequence with its rare values marked, Wythoff rows' periods; a
        matplotlib ``Axes`` when matplotlib is installed, else SVG. A ``ValueError`` when
        there is nothing to draw."""
        from ._render import report_plot

        return report_plot(self, ax=ax, backend=backend)

    @classmethod
    def of(cls, value: Any) -> Any:
        """``value`` with every JSON object inside it a :class:`Report`."""
        if isinstance(value, dict):
            return cls({k: cls.of(v) for k, v in value.items()})
        if isinstance(value, list):
            return [cls.of(v) for v in value]
        return value
