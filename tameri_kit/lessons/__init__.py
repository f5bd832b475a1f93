"""The lessons' predict-then-check questions, one module per lesson (``questions_00`` ... ``questions_11``).

Each function builds one :class:`~tameri_kit.widgets.question.Question` whose answer the rules compute when the
learner presses Check; a lesson shows it with ``questions.name()`` as the last line of a cell, and the tests build
the same questions to drive them in plain pytest (``tests/lessons/test_lesson_questions.py``; the questions asked about a
game position or a sweep the lesson passes in, ``tests/lessons/test_questions_in_positions.py``).  ``QUESTIONS`` in each module
names its questions in the order the lesson asks them; ``ASKED_BEFORE`` those asked before the text or widget that
answers them (the others are answered nowhere in the lesson but in their own feedback).  This package sits above
the widgets: it may import widgets and the rules; nothing imports it but the lessons and their tests.
"""

import os

RUN_ALL_FIRST = (
    "Opened in JupyterLab? Run the lesson first: Run → Run All Cells. Its questions and pictures appear as the cells "
    "run (until then a question shows only “Loading widget...”)."
)


def run_all_first():
    """The line a lesson shows under its title in JupyterLab, stored with its outputs: run the lesson first (its
    questions are widgets, which need the lesson's kernel).  Under Voila, which runs the lesson itself, nothing."""
    from IPython.display import HTML

    if os.environ.get("SERVER_SOFTWARE", "").startswith("voila"):
        return None
    return HTML(f"<p class='tameri-run-all' style='color:#8a5a00'><b>▶</b> {RUN_ALL_FIRST}</p>")
