#!/usr/bin/env bash
# The verifier's training recipe on a lent GPU, in one device call of well under 10 minutes.
#
# Prepared here with `python -m training.gpu pack ...`, which writes training/work/gpu (carry it).
# On the device, from the repository root, with OUT set to the folder whose files come back:
#     bash training/gpu_run.sh --epochs 3 --lr 2e-5 --seed 21 --threads 16
#     SEEDS="22 23" bash training/gpu_run.sh --epochs 3 --lr 2e-5 --threads 8   # two seeds at once
# Arguments go to `train_verifier --stage train`. Choose --epochs to finish inside the call: a
# run stopped by --max-minutes leaves its resumable state on the machine, which is too big to
# bring back. Back here: `python -m training.gpu join DIR OUT.pt --start START.pt`, then export
# and calibrate.
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

# TEACHER=/tmp/teacher (run 38): that folder holds training.teacher's parts, copied there by
# this and earlier calls. The teacher is fine-tuned on the same pairs first; its logits (and its
# reading of the carried gold evidence) come back in OUT/teacher, and the students learn from
# them. TEACHER_ARGS go to `training.teacher train`.
if [ -n "${TEACHER:-}" ]; then
    # shellcheck disable=SC2086  # TEACHER_ARGS is a list of words
    "$PY" -m training.teacher train --parts "$TEACHER" --pairs "$RUN/pairs.jsonl" \
        --gold "$PACK/gold.jsonl.gz" --out "$OUT/teacher" --work "$RUN/teacher" \
        --device "${DEVICE:-cuda}" \
        ${TEACHER_ARGS:-} >"$RUN/teacher.log" 2>&1 || { tail -n 40 "$RUN/teacher.log"; exit 1; }
    echo "== teacher: end of its log"
    tail -n 12 "$RUN/teacher.log"
    set -- "$@" --teacher-logits "$OUT/teacher/logits.npz"
fi

train() {  # train RUN_DIR ARGS...: one run of the recipe on the device
    local dir=$1
    shift
    "$PY" -m training.train_verifier --stage train --device "${DEVICE:-cuda}" --base "$PACK/base" \
        --init "$INIT" --run-dir "$dir" "$@"
}

if [ -z "${SEEDS:-}" ]; then
    train "$RUN" "$@" 2>&1 | tee "$OUT/train.log"
    "$PY" -m training.gpu send-back "$RUN" "$OUT"
    exit 0
fi

# SEEDS="22 23": one run a seed, side by side on the one GPU (small batches leave it mostly idle).
# Each seed's weights return in OUT/sSEED (two parts and a manifest: the frozen word embeddings
# stay behind, so two seeds fit the 64 MiB a call returns); the logs stay on the machine and
# their ends go to stdout.
send_finished_epochs() {  # a seed's newest finished epoch goes back as soon as it is saved,
    local seed=$1 sent="" latest   # so a call stopped at its limit still returns something
    while sleep 5; do
        latest=$(grep -o 'saved epoch[0-9.]*\.pt' "$RUN/s$seed/train.log" | tail -n 1 || true)
        if [ -n "$latest" ] && [ "$latest" != "$sent" ]; then
            "$PY" -m training.gpu send-back "$RUN/s$seed" "$OUT/s$seed" && sent=$latest
        fi
    done
}

pids=() watchers=()
for seed in $SEEDS; do
    mkdir -p "$RUN/s$seed"
    # The carried pairs (without them train_verifier would build its own, which needs spaCy).
    cp "$RUN/pairs.jsonl" "$RUN/s$seed/"
    if [ -f "$RUN/groups.jsonl" ]; then cp "$RUN/groups.jsonl" "$RUN/s$seed/"; fi
    train "$RUN/s$seed" --seed "$seed" "$@" >"$RUN/s$seed/train.log" 2>&1 &
    pids+=($!)
    send_finished_epochs "$seed" &
    watchers+=($!)
done
status=0
for pid in "${pids[@]}"; do wait "$pid" || status=$?; done
kill "${watchers[@]}" 2>/dev/null || true
wait "${watchers[@]}" 2>/dev/null || true
for seed in $SEEDS; do
    echo "== seed $seed: end of its log"
    tail -n 25 "$RUN/s$seed/train.log"
    "$PY" -m training.gpu send-back "$RUN/s$seed" "$OUT/s$seed" || status=$?
done
exit "$status"
