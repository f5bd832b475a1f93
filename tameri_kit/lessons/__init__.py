"""The lessons' predict-then-check questions, one module per lesson (``questions_02`` ... ``questions_07``).

Each function builds one :class:`~tameri_kit.widgets.question.Question` whose answer the rules compute when the
learner presses Check; a lesson shows it with ``questions.name()`` as the last line of a cell, and the tests build
the same questions to drive them in plain pytest (``tests/test_lesson_questions.py``).  ``QUESTIONS`` in each module
names its questions in the order the lesson asks them; ``ASKED_BEFORE`` those asked before the text or widget that
answers them (the others are answered nowhere in the lesson but in their own feedback).  This package sits above
the widgets: it may import widgets and the rules; nothing imports it but the lessons and their tests.
"""
