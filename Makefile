# tameri_kit - two commands do everything:  `make lab`  and  `make test`.
# Both create the virtual environment .venv (Python 3.11+) on first use and install the kit into it.

SHELL := /bin/bash
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
HOST ?= 127.0.0.1
PORT ?= 8888
# JupyterLab refuses to start as root unless told; containers and CI machines often run as root.
ROOT_FLAG := $(if $(filter 0,$(shell id -u)),--allow-root,)

.PHONY: lab test env app bench notebooks clean help

help:
	@echo "make lab    - create .venv if missing and open JupyterLab on notebooks/"
	@echo "make test   - create .venv if missing and run every test (unit, property, notebooks, browser)"
	@echo "make app    - serve the lessons as web apps with Voila"
	@echo "make bench  - measure speed (see docs/performance.md)"
	@echo "make notebooks - re-run every lesson from a fresh kernel and store its outputs"

$(STAMP): pyproject.toml
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[notebooks,test,browser,explore]'
	@touch $(STAMP)

env: $(STAMP)

lab: env
	@echo "Starting JupyterLab on notebooks/ - open the URL printed below (Ctrl-C to stop)."
	$(BIN)/jupyter lab --notebook-dir=notebooks --ServerApp.ip=$(HOST) --ServerApp.port=$(PORT) --no-browser $(ROOT_FLAG)

test: env
	env -u MPLBACKEND $(BIN)/python -m pytest

APP_PORT ?= 8866

# The lessons as standalone web apps: Voila runs each notebook and shows its outputs and widgets, not its code.
app: env
	@echo "Serving the lessons as web apps - open http://$(HOST):$(APP_PORT)/ and pick a lesson (Ctrl-C to stop)."
	env -u MPLBACKEND $(BIN)/voila --no-browser --Voila.ip=$(HOST) --port=$(APP_PORT) notebooks/

bench: env
	$(BIN)/python -m bench

notebooks: env
	env -u MPLBACKEND $(BIN)/python tools/run_notebooks.py

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .hypothesis
