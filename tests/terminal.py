"""``python -m tameri_kit`` started as a terminal starts it, for the tests that press Ctrl-C (SIGINT) at it.

A shell without job control (``make test &``) starts its background jobs with SIGINT ignored; every process they
start inherits that, and Python then leaves it ignored, so the command would never see the test's Ctrl-C.  This
command line turns Python's own Ctrl-C handler back on first."""

import sys

AS_IN_A_TERMINAL = [
    sys.executable,
    "-c",
    "import runpy, signal; signal.signal(signal.SIGINT, signal.default_int_handler); "
    "runpy.run_module('tameri_kit', run_name='__main__', alter_sys=True)",
]
