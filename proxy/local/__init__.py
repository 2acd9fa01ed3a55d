"""The built-in local model and what the surfaces need to answer with it."""
