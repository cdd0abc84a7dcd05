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
        # One line, quoting at most ~80 characters around the position (the whole text is
        # `.text`): an input of a megabyte must not come back in the message.
        start = max(0, position - 53)
        end = min(len(text), start + 80)
        near = "".join(" " if ch.isspace() or not ch.isprintable() else ch
                       for ch in text[start:end])
        near = ("\u2026" if start > 0 else "") + near + ("\u2026" if end < len(text) else "")
        super().__init__(f"{message}, in '{near}'")
        self.message = message
        self.text = text
        self.position = position
