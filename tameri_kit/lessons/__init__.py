"""The lessons' predict-then-check questions, one module per lesson (``questions_00`` ... ``questions_11``).

Each function builds one :class:`~tameri_kit.widgets.question.Question` whose answer the rules compute when the
learner presses Check; a lesson shows it with ``questions.name()`` as the last line of a cell, and the tests build
the same questions to drive them in plain pytest (``tests/lessons/test_lesson_questions.py``; the questions asked about a
game position or a sweep the lesson passes in, ``tests/lessons/test_questions_in_positions.py``).  ``QUESTIONS`` in each module
names its questions in the order the lesson asks them; ``ASKED_BEFORE`` those asked before the text or widget that
answers them (the others are answered nowhere in the lesson but in their own feedback).  This package sits above
the widgets: it may import widgets and the rules; nothing imports it but the lessons and their tests.
"""
