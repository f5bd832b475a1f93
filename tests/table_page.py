"""What the page does to a game table, done from a test without a browser (tameri_kit/widgets/table_view.py)."""


def page_click(button) -> None:
    """A click as the page sends it (a comm message), not ``button.click()`` from Python."""
    button._handle_button_msg(None, {"event": "click"}, [])


def page_draws(table) -> None:
    """What the page does once it has drawn a refresh: its jsdlink copies the refresh number back."""
    table._shown.value = table._drawn.value
