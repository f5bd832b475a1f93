"""Speed measurements for tameri_kit (run them all with ``python -m bench`` or ``make bench``).

Speed is measured here and written into docs/performance.md; no test asserts a timing.
"""
