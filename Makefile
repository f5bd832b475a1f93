# tameri_kit - two commands do everything:  `make lab`  and  `make test`.
# Both create the virtual environment .venv (Python 3.11+) on first use and install the kit into it.

SHELL := /bin/bash
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
HOST ?= 127.0.0.1
PORT ?= 8888
# `make lab` and `make app` listen on this machine only (loopback).  Another HOST (0.0.0.0, a LAN address) lets every
# machine that can reach this one use the server; it is refused unless asked for on purpose with ALLOW_REMOTE=1.
LOOPBACK := 127.0.0.1 localhost ::1 [::1]
ALLOW_REMOTE ?=
# JupyterLab refuses to start as root unless told; containers and CI machines often run as root.
ROOT_FLAG := $(if $(filter 0,$(shell id -u)),--allow-root,)

.PHONY: lab lessons reset-lessons test lint env compiled app bench notebooks clean help check-host classroom

# `make lab` works on a copy of the lessons (git-ignored), so whatever a learner runs and saves never touches
# notebooks/, which the tests compare.  The copy mirrors the repository (LESSONS/notebooks beside LESSONS/docs), so the
# lessons' links to ../docs/*.md open there as they do in the repository.
LESSONS ?= lessons
FIRST_LESSON := 00_start_here.ipynb
# Voila serves these files as they are (the lessons link to docs/*.md); everything else only as notebooks
APP_FILES := "['.*\.(png|jpg|gif|svg|md)']"

help:
	@echo "make lab    - create .venv if missing and open JupyterLab on your copy of the lessons (in $(LESSONS)/)"
	@echo "make lessons       - make that copy only (lessons already there are kept: they are yours)"
	@echo "make reset-lessons - throw your copy away and start again from the committed lessons"
	@echo "make test   - create .venv if missing and run every test (unit, property, notebooks, browser), after make lint"
	@echo "make lint   - ruff (lint rules and format check, pyproject.toml) and import-linter (the package's layers, no cycles)"
	@echo "make app    - serve the lessons as web apps with Voila"
	@echo "make classroom - serve the lessons to a class through JupyterHub (as root; see docs/classroom.md)"
	@echo "make compiled - build the compiled engine only (make env does it; docs/performance.md, issue 34)"
	@echo "make bench  - measure speed (see docs/performance.md)"
	@echo "make notebooks - re-run every lesson from a fresh kernel and store its outputs"

# uv (Astral's installer, from PyPI) installs the same packages as pip in a tenth of the time (13 s against 150 s
# for this list on 2 cores with empty caches; `pip freeze` of the two environments is identical); pip does it if uv
# cannot.
EXTRAS := notebooks,test,browser,explore,openspiel,classroom,compiled
$(STAMP): pyproject.toml
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip uv
	$(BIN)/python -m uv pip install --quiet --python $(BIN)/python -e '.[$(EXTRAS)]' \
		|| $(BIN)/python -m pip install --quiet -e '.[$(EXTRAS)]'
	@touch $(STAMP)

# axe-core for the browser tests' accessibility audit (tests/e2e/axe_support.py), the version pinned in its
# package-lock.json, installed by npm into the git-ignored tests/e2e/axe/node_modules (never fetched from a CDN).
AXE_JS := tests/e2e/axe/node_modules/axe-core/axe.min.js
$(AXE_JS): tests/e2e/axe/package.json tests/e2e/axe/package-lock.json
	@if command -v npm >/dev/null 2>&1; then \
		cd tests/e2e/axe && npm ci --no-audit --no-fund --loglevel=error && touch node_modules/axe-core/axe.min.js; \
	else \
		echo "npm not found: the accessibility audit of the browser tests needs it (apt-get install npm)" >&2; \
	fi

# configurable-http-proxy (JupyterHub's proxy) for make classroom, pinned in classroom/proxy/package-lock.json, installed
# by npm into the git-ignored classroom/proxy/node_modules.
PROXY_JS := classroom/proxy/node_modules/.bin/configurable-http-proxy
$(PROXY_JS): classroom/proxy/package.json classroom/proxy/package-lock.json
	@if command -v npm >/dev/null 2>&1; then \
		cd classroom/proxy && npm ci --no-audit --no-fund --loglevel=error && touch node_modules/.bin/configurable-http-proxy; \
	else \
		echo "npm not found: make classroom needs it for configurable-http-proxy (apt-get install npm)" >&2; \
	fi

# The compiled engine (issue 34): the modules of tameri_kit/_compiled.py's COMPILED list built by Cython into
# tameri_kit/_compiled/ (git-ignored), only those whose source changed since the last build (a second or two when none
# did; about a minute and a half of CPU for all of them).  Without a C compiler it says so and the kit stays pure Python.
compiled: $(STAMP)
	@$(BIN)/python tools/compile_engine.py

env: $(STAMP) $(AXE_JS) $(PROXY_JS) compiled

# Refuse a HOST beyond loopback unless ALLOW_REMOTE=1 (JupyterLab asks for its token anyway; Voila is given one).
check-host:
	@if [ -z "$(filter $(HOST),$(LOOPBACK))" ] && [ "$(ALLOW_REMOTE)" != "1" ]; then \
		echo "error: HOST=$(HOST) would let every machine that can reach this one open the server; use the default HOST=127.0.0.1, or run again with ALLOW_REMOTE=1 to serve beyond this machine on purpose" >&2; \
		exit 2; \
	fi

# JupyterLab's news prompt ("Would you like to get notified about official Jupyter news?") and update check would sit
# over the lessons' feedback: the kit's overrides.json turns both off (--LabApp.news_url=None alone still asks).
LAB_OVERRIDES := $(VENV)/share/jupyter/lab/settings/overrides.json

lab: check-host env lessons
	@mkdir -p $(dir $(LAB_OVERRIDES)) && cp share/jupyter/lab/settings/overrides.json $(LAB_OVERRIDES)
	@echo "Starting JupyterLab on your copy of the lessons, $(LESSONS)/ - open the URL printed below (Ctrl-C to stop)."
	$(BIN)/jupyter lab --notebook-dir=$(LESSONS) --ServerApp.ip=$(HOST) --ServerApp.port=$(PORT) --no-browser --LabApp.news_url=None \
		--LabApp.default_url=/lab/tree/notebooks/$(FIRST_LESSON) $(ROOT_FLAG)

# Copy the lessons (and any file or folder beside them, e.g. sweeps/) not in the copy yet: a learner's saved lessons are never
# overwritten.  The lessons just copied are trusted (their stored outputs show as they were made; JupyterLab signs the
# ones a learner saves).  The docs are copied afresh every time (nobody edits them there).
lessons:
	@mkdir -p $(LESSONS)/notebooks $(LESSONS)/docs
	@cd notebooks && find . -type f | while read -r file; do \
		copy="$(abspath $(LESSONS))/notebooks/$$file"; \
		test -e "$$copy" || { mkdir -p "$$(dirname "$$copy")" && cp "$$file" "$$copy" && echo "$$copy"; }; \
	done | grep '\.ipynb$$' | xargs -r -d '\n' $(abspath $(BIN))/jupyter trust >/dev/null 2>&1 || true
	@cp -R docs/. $(LESSONS)/docs/
	@echo "Your copy of the lessons: $(LESSONS)/notebooks (make reset-lessons starts it over)."

reset-lessons:
	rm -rf $(LESSONS)
	@$(MAKE) --no-print-directory lessons LESSONS=$(LESSONS)

# Every test in one run on every core, a file per worker (and a lesson's fit and accessibility checks beside its own
# browser tests: tests/conftest.py): unit tests, doctests, the lessons (nbval) and the browser tests (each worker that
# gets a browser test file starts its own Voila server and browser), so that a worker waiting on a browser leaves its
# core to the other's tests.
test: env lint
	env -u MPLBACKEND $(BIN)/python -m pytest -n auto --dist loadfile

# The import layers and no-cycle contracts ([tool.importlinter]) and ruff's lint rules ([tool.ruff.lint]).
lint: env
	$(BIN)/ruff check tameri_kit bench tools tests classroom
	$(BIN)/ruff format --check tameri_kit bench tools tests classroom
	$(BIN)/lint-imports

APP_PORT ?= 8866
# Voila asks for this token (a new random one each time unless given): only who has the URL can run the lessons.
# (made once, when first used: the same token in the URL printed and in the server)
ifndef APP_TOKEN
APP_TOKEN = $(eval APP_TOKEN := $(shell $(PYTHON) -c "import secrets; print(secrets.token_hex(16))"))$(APP_TOKEN)
endif

# The lessons as standalone web apps: Voila runs each notebook and shows its outputs and widgets, not its code.
# The kit's template (share/jupyter/voila/templates/tameri, found through JUPYTER_PATH) loads nothing from a CDN; a
# lesson's kernel whose page has been closed (no connection) and that has been idle for APP_CULL_IDLE seconds is shut
# down, checked every APP_CULL_EVERY seconds (tests/e2e/test_voila_app.py).
APP_CULL_IDLE ?= 600
APP_CULL_EVERY ?= 60
app: check-host env
	@echo "Serving the lessons as web apps - open http://$(HOST):$(APP_PORT)/voila/tree/notebooks?token=$(APP_TOKEN) and pick a lesson (Ctrl-C to stop)."
	env -u MPLBACKEND JUPYTER_PATH=$(CURDIR)/share/jupyter $(BIN)/voila --no-browser --Voila.ip=$(HOST) --port=$(APP_PORT) \
		--Voila.token=$(APP_TOKEN) --VoilaConfiguration.file_allowlist=$(APP_FILES) --template=tameri \
		--MappingKernelManager.cull_idle_timeout=$(APP_CULL_IDLE) --MappingKernelManager.cull_interval=$(APP_CULL_EVERY) \
		--MappingKernelManager.cull_connected=False .

# A class through JupyterHub (docs/classroom.md): each learner signs in with the class code and a name of their own, and
# gets a system user, a server and a copy of the lessons of their own.  Run as root.  VIEW=voila shows the lessons as
# apps; CLASS_CODE, TEACHER, MEM_LIMIT, CPU_LIMIT, CULL_TIMEOUT, CLASS_DIR are the other settings (classroom/settings.py).
CLASS_PORT ?= 8000
VIEW ?= lab
classroom: check-host env
	env -u MPLBACKEND HOST=$(HOST) CLASS_PORT=$(CLASS_PORT) ALLOW_REMOTE=$(ALLOW_REMOTE) VIEW=$(VIEW) \
		$(BIN)/python -m classroom

bench: env
	$(BIN)/python -m bench

notebooks: env
	env -u MPLBACKEND $(BIN)/python tools/run_notebooks.py

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .hypothesis tameri_kit/_compiled
