#!/usr/bin/env bash
# The main job on the embedded default judge: ingest two example papers into a fresh demo
# library, check claims of four kinds against them, then review a drafted report. Runs offline.
set -euo pipefail
cd "$(dirname "$0")/.."

export CLAIMAUDIT_LIBRARY="${CLAIMAUDIT_LIBRARY:-.demo/library.sqlite3}"
mkdir -p "$(dirname "$CLAIMAUDIT_LIBRARY")"
rm -f "$CLAIMAUDIT_LIBRARY"

step() { printf '\n\033[1m== %s\033[0m\n' "$*"; }

step "Ingest the example papers (examples/papers, CC BY 4.0)"
claimaudit library add examples/papers/deep-rules_lee2022 --ref arXiv:2105.14372
claimaudit library add examples/papers/good-enough-practices_wilson2017/index.md \
  --ref arXiv:1609.00037 --title "Good enough practices in scientific computing"
claimaudit library list

DEEP=arXiv:2105.14372
GOOD=arXiv:1609.00037

step "1. A narrow claim the paper states"
claimaudit check "Simpler models such as logistic regression and random forests can help establish baseline performance expectations before applying deep learning." \
  --paper "$DEEP" --topic "baselines"

step "2. The same claim, broadened to 'always' and 'every'"
claimaudit check "Logistic regression and random forests always outperform deep learning on every biological prediction problem." \
  --paper "$DEEP"

step "3. A claim the paper contradicts"
claimaudit check "Hyperparameter tuning is unnecessary for deep neural networks." \
  --paper "$DEEP"

step "4. A claim on another subject"
claimaudit check "Daily aspirin lowers the risk of a first heart attack in adults over seventy." \
  --paper "$DEEP"

step "5. One claim, two papers: one record per paper, never a vote"
claimaudit check "Raw data should be backed up in more than one location." \
  --paper "$GOOD" --paper "$DEEP" --format jsonl

step "6. Review a drafted report: every cited sentence against each paper it cites"
claimaudit review examples/draft.md --out .demo/draft.annotated.md --json .demo/draft.json \
  --html .demo/draft.html
echo "annotated draft: .demo/draft.annotated.md; HTML report: .demo/draft.html"

# The PDFs this step reads are the shared ones beside the repository (../shared/data).
if [ -d ../shared/data/papers-pdf ]; then
  step "7. A LaTeX draft: import its reference manager's export (PDFs attached), then review it"
  claimaudit library import-bib examples/latex-draft/references.bib
  claimaudit review examples/latex-draft/paper.tex --out .demo/latex/paper.tex \
    --json .demo/latex.json --html .demo/latex.html
  echo "annotated draft: .demo/latex/paper.tex (and sections/); HTML report: .demo/latex.html"
fi
