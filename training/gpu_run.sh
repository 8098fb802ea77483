#!/usr/bin/env bash
# The verifier's training recipe on a lent GPU, in one device call of well under 10 minutes.
#
# Prepared here with `python -m training.gpu pack ...`, which writes training/work/gpu (carry it).
# On the device, from the repository root, with OUT set to the folder whose files come back:
#     bash training/gpu_run.sh --epochs 3 --lr 2e-5 --seed 21 --threads 16
# Arguments go to `train_verifier --stage train`. Choose --epochs to finish inside the call: a
# run stopped by --max-minutes leaves its resumable state on the machine, which is too big to
# bring back. Back here: `python -m training.gpu join DIR OUT.pt`, then export and calibrate.
set -euo pipefail
PACK=${PACK:-training/work/gpu}
PY=${PYTHON:-python3}
OUT=${OUT:?set OUT to the folder whose files come back}
RUN=${RUN:-/tmp/gpu-run}

if compgen -G "$PACK/wheels/*.whl" >/dev/null; then
    "$PY" -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade \
        --target /tmp/site "$PACK"/wheels/*.whl
    export PYTHONPATH=/tmp/site${PYTHONPATH:+:$PYTHONPATH}
fi
export PYTHONPATH=.:src${PYTHONPATH:+:$PYTHONPATH} PYTHONUNBUFFERED=1 HF_HUB_OFFLINE=1

mkdir -p "$RUN" "$OUT"
gunzip -c "$PACK/pairs.jsonl.gz" >"$RUN/pairs.jsonl"
if [ -f "$PACK/groups.jsonl.gz" ]; then gunzip -c "$PACK/groups.jsonl.gz" >"$RUN/groups.jsonl"; fi
INIT=$PACK/init.int8.onnx
[ -f "$INIT" ] || INIT=src/claimaudit/judges/local/model/model.int8.onnx

"$PY" -m training.train_verifier --stage train --device "${DEVICE:-cuda}" --base "$PACK/base" \
    --init "$INIT" --run-dir "$RUN" "$@" 2>&1 | tee "$OUT/train.log"
"$PY" -m training.gpu send-back "$RUN" "$OUT"
