"""The built-in local model, and the upstreams of this process: the local model and the echo upstream."""
