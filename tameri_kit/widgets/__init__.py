"""Widgets: thin ipywidgets views over the rules core.

Each widget is a class whose child widgets are attributes (``w.step_button``, ``w.ramp_dropdown`` ...), so a test
can set ``.value``, call ``.click()`` and read the result without a browser.  Import them from their modules,
e.g. ``from tameri_kit.widgets.weather import WeatherPyramidWidget``.
"""
