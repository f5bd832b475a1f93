"""The process pool of a sweep (:func:`process_pool`): worker processes started from a fork server, which ignore
Ctrl-C (the main process stops the sweep and ends them at once, :meth:`WorkerPool.stop`) and end themselves when
the main process is gone.  :func:`tameri_kit.explore.runner.run_games` makes one when given no executor; its
workers are the kit's own, so a sweep settles their cyclic collector after each game
(:func:`tameri_kit._fast.settle_collector`).
"""

from __future__ import annotations

import os
import signal
import threading
import time
from concurrent.futures import ProcessPoolExecutor


def _ignore_interrupts(main_pid: int | None = None) -> None:
    """Worker side: Ctrl-C reaches every process of the terminal's group; a worker ignores it (the main process
    stops the sweep and ends the workers), so it never prints a KeyboardInterrupt traceback.  A worker also ends
    itself within a second of the main process's end (``main_pid``), however it ended: killed with ``kill -9``, the
    main process cannot end its workers, which would otherwise play their games on for minutes holding the
    terminal's pipes (the fork server and the resource tracker end once no process holds their pipes)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if main_pid is not None:
        threading.Thread(target=_end_with, args=(main_pid,), name="end-with-main", daemon=True).start()


def _end_with(main_pid: int) -> None:
    """Worker side: poll the main process every half second; when it is gone, end this worker at once."""
    while True:
        try:
            os.kill(main_pid, 0)
        except ProcessLookupError:
            os._exit(1)
        except PermissionError:  # another user's process of that number: ours is gone
            os._exit(1)
        time.sleep(0.5)


class WorkerPool(ProcessPoolExecutor):
    """A process pool whose workers ignore Ctrl-C and that :meth:`stop` ends at once (games in flight are lost and
    played again on resume)."""

    def stop(self) -> None:
        """Cancel what is queued and end the workers now (SIGTERM, then SIGKILL for one that lingers)."""
        processes = list((self._processes or {}).values())
        self.shutdown(wait=False, cancel_futures=True)
        for process in processes:
            if process.is_alive():
                process.terminate()
        for process in processes:
            process.join(timeout=5)
            if process.is_alive():
                process.kill()
                process.join(timeout=5)


def process_pool(workers: int | None = None) -> WorkerPool:
    """A :class:`WorkerPool` of ``workers`` processes (default: one per core).  Workers start from a fork server
    (where there is one): a Jupyter kernel has threads, and forking a process with threads can hang."""
    import multiprocessing

    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("forkserver" if "forkserver" in methods else None)
    return WorkerPool(
        max_workers=workers or os.cpu_count() or 1,
        mp_context=context,
        initializer=_ignore_interrupts,
        initargs=(os.getpid(),),
    )
