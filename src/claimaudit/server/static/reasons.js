// Why a record needs review, in plain words: the review policy (src/claimaudit/policy.py,
// ReviewPolicy.needs_review) read back from the record and the threshold the answer carries.
// Anything but a confident, evidenced, note-free "supports" needs review.

const VERDICT_WORDS = {
  contradicts: "contradicts",
  not_addressed: "not addressed",
  insufficient_evidence: "insufficient evidence",
};

// Three decimals when two would print a figure equal to the threshold it falls short of.
function figure(value, threshold) {
  const short = value.toFixed(2);
  return typeof threshold === "number" && short === threshold.toFixed(2) ? value.toFixed(3) : short;
}

export function reviewReasons(record, threshold) {
  if (!record.needsReview || record.verdict === "not_checked") return [];
  const reasons = [];
  if (record.verdict !== "supports") {
    reasons.push(`The verdict is “${VERDICT_WORDS[record.verdict] || record.verdict}”, not “supports”.`);
  }
  const measured = record.confidence !== null && record.confidence !== undefined;
  if (!measured) {
    reasons.push("The judge gave no probabilities, so no confidence can clear the record.");
  } else if (typeof threshold === "number") {
    const limit = threshold.toFixed(2);
    if (record.confidence < threshold) {
      reasons.push(`Its confidence, ${figure(record.confidence, threshold)}, is below the review threshold of ${limit}.`);
    }
    const evidence = record.evidenceConfidence;
    if (evidence !== null && evidence !== undefined && evidence < threshold) {
      reasons.push(`The evidence passage's confidence, ${figure(evidence, threshold)}, is below the review threshold of ${limit}.`);
    }
  }
  // Probabilities for the verdict but none for the passage (a judge may give only the one):
  // the policy holds that passage's choice unmeasured, as it does a verdict's.
  const evidenceMeasured = record.evidenceConfidence !== null && record.evidenceConfidence !== undefined;
  if (measured && !evidenceMeasured && record.evidencePassageId) {
    reasons.push("The judge gave no probabilities for its evidence passage, so no confidence can clear it.");
  }
  if (!record.evidencePassageId) reasons.push("No passage was chosen as evidence.");
  for (const note of record.reviewNotes || []) reasons.push(`The judge's consistency check: ${note}`);
  // The policy may grow a rule this page does not know yet: say so rather than nothing.
  if (!reasons.length) reasons.push("The server's review policy flagged it.");
  return reasons;
}
