"""Ollama's native chat API (``POST /api/chat``): JSON lines instead of server-sent events."""
