#!/usr/bin/env bash
# Every sweep of docs/ghost_study.md, one after the other on one core (a few minutes each on a shared machine).
# Run from the kit's top folder:  bash docs/ghost_study/run_study.sh   (PYTHON=... to use another interpreter)
# A file already there is resumed, not played again.
set -euo pipefail
PYTHON=${PYTHON:-.venv/bin/python}
STUDY="nice $PYTHON -m tameri_kit.explore.ghost_stats"
OUT=docs/ghost_study
SEEDS=0-199
for level in easy intermediate hard; do
  $STUDY $level $SEEDS $OUT/$level.jsonl
done
for x9 in while_building built; do
  $STUDY easy $SEEDS $OUT/easy_x9_$x9.jsonl --x9 $x9
done
TAMERI_KIT_DATA=tameri_kit/data/second_set $STUDY easy $SEEDS $OUT/easy_second_set.jsonl
TAMERI_KIT_DATA=tameri_kit/data/second_set $STUDY easy $SEEDS $OUT/easy_second_set_x9_while_building.jsonl --x9 while_building
