# Set-up is part of every target: a fresh machine needs only Python 3.11+ and make.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: install browser llama demo test test-llama lint bench train-verifier eval-val clean

install: $(STAMP)

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

demo: $(STAMP)
	PATH="$(CURDIR)/$(BIN):$$PATH" bash examples/demo.sh

# Browser tests drive Debian's Chromium (a browser download of a test tool's own is not possible
# on these machines); install it through the system package manager when it is missing.
browser:
	@command -v chromium >/dev/null && command -v chromedriver >/dev/null || { \
		SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
		$$SUDO apt-get install -y -q chromium chromium-driver >/dev/null \
		|| { $$SUDO apt-get update -q >/dev/null && $$SUDO apt-get install -y -q chromium chromium-driver >/dev/null; }; }

# The llama.cpp server and model the tests marked `llama` use (tests/llamacpp/install.py): the
# server is compiled once per machine (about 8 minutes on two cores) into ~/.cache/claimaudit,
# outside the clone, and installed from there in seconds on every later run.
llama: $(STAMP)
	$(BIN)/python -m tests.llamacpp.install

test: $(STAMP) browser llama
	$(BIN)/ruff check src tests benchmarks training
	$(BIN)/ruff format --check src tests benchmarks training
	$(BIN)/mypy
	$(BIN)/pytest -n auto --dist loadfile

test-llama: llama
	$(BIN)/pytest -m llama

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks training
	$(BIN)/ruff format --check src tests benchmarks training
	$(BIN)/mypy

clean:
	rm -rf $(VENV) .demo build dist

DATA ?= ../shared/data

# The embedded verifier's figures on held-out data (see docs/benchmarks.md).
eval-val: $(STAMP)
	mkdir -p build/eval
	$(BIN)/claimaudit eval scifact --claims $(DATA)/scifact/claims_train.jsonl \
		--corpus $(DATA)/scifact/corpus.jsonl --ids training/splits/scifact_val_ids.txt \
		--out build/eval/scifact-val.jsonl --summary build/eval/scifact-val.json
	$(BIN)/claimaudit eval citation-integrity --claims $(DATA)/citation-integrity/claims_dev.jsonl \
		--corpus $(DATA)/citation-integrity/corpus.jsonl \
		--out build/eval/citation-integrity-dev.jsonl --summary build/eval/citation-integrity-dev.json
	$(BIN)/claimaudit eval check-covid \
		--claims "$(DATA)/check-covid/dev/covidCheck_dev_composed+extracted.json" \
		--corpus $(DATA)/check-covid/corpus.json \
		--out build/eval/check-covid-dev.jsonl --summary build/eval/check-covid-dev.json

bench: $(STAMP)
	$(BIN)/python benchmarks/bench_library.py
	$(BIN)/python benchmarks/bench_pdf.py
	$(BIN)/python benchmarks/bench_show.py
	$(BIN)/python benchmarks/bench_check.py
	$(BIN)/python benchmarks/bench_openai.py
	$(BIN)/python benchmarks/bench_server.py
	$(BIN)/python benchmarks/bench_review.py --workers 1 2
	$(BIN)/python benchmarks/bench_ray.py
	$(BIN)/python -m training.bench_local

# Retrain the embedded verifier (CPU: about 70 minutes an epoch on 2 cores; CUDA when present).
# torch is pinned in training/requirements.txt
# and is never a runtime dependency of the package.
train-verifier: $(STAMP)
	$(BIN)/pip install --quiet -r training/requirements.txt
	$(BIN)/python -m training.train_verifier
