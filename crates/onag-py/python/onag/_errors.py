"""Exceptions raised by onag."""


class ParseError(ValueError):
    """Game notation that does not parse: the engine's message and the character position.

    >>> import onag
    >>> try:
    ...     onag.game("{1|2|3}")
    ... except onag.ParseError as e:
    ...     print(e.position)
    4
    """

    def __init__(self, message: str, text: str, position: int):
        caret = " " * position + "^"
        super().__init__(f"{message}\n  {text}\n  {caret}")
        self.message = message
        self.text = text
        self.position = position
