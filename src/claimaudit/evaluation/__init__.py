"""Evaluation harness: labelled claim-verification datasets run through the full pipeline."""
