"""``python -m bench [--quick]``: run every benchmark and print the figures side by side."""

from __future__ import annotations

import argparse
import platform

import numpy as np

from . import bots, game, probability, table

BENCHMARKS = [probability, game, table, bots]


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__)
    parser.add_argument("--quick", action="store_true", help="fewer repetitions and samples (a rough look)")
    args = parser.parse_args(argv)
    print(
        f"Python {platform.python_version()}, numpy {np.__version__}, {platform.machine()}, "
        f"{__import__('os').cpu_count()} CPUs"
    )
    for module in BENCHMARKS:
        module.run(quick=args.quick)


if __name__ == "__main__":
    main()
