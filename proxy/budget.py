"""The cost budget of one request's sanitization: how deep and how large a body Veil walks, and how much
text it hands to Prmpt and Cape. Checked before the work starts, so one request's cost stays bounded
(about 2 s of CPU and 300 MB on a 2-core machine with the defaults) and a larger one is refused with a
clear 413 / 400 instead of a 503 after ``sanitize_timeout``. Mode ``off`` walks nothing and is bounded by
``limits.max_body_bytes`` alone."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from proxy.errors import BadRequest, PayloadTooLarge
from proxy.settings import LimitsSettings

# A job this large (a tenth of the default budget: ~0.15 s of work) waits until the small ones queued
# beside it are done, and runs alone (proxy/pool.py).
LARGE_JOB_CHARS = 4_000
LARGE_JOB_STRINGS = 100


def check_body(body: Any, limits: LimitsSettings) -> None:
    """Nesting depth and number of JSON values (object keys included), counted without recursion."""
    values, stack = 0, [(body, 1)]
    while stack:
        node, depth = stack.pop()
        if depth > limits.max_depth:
            raise BadRequest(f"the request body is nested more than {limits.max_depth} levels deep "
                             "(limits.max_depth)", code="nested_too_deeply")
        if isinstance(node, dict):
            values += 2 * len(node)
            stack.extend((child, depth + 1) for child in node.values() if isinstance(child, (dict, list)))
        elif isinstance(node, list):
            values += len(node)
            stack.extend((child, depth + 1) for child in node if isinstance(child, (dict, list)))
        if values > limits.max_values:
            raise PayloadTooLarge(f"the request body has more than {limits.max_values} JSON values "
                                  "(limits.max_values)", code="request_too_large")


def check_texts(texts: Sequence[str], limits: LimitsSettings) -> None:
    """What one request hands to Prmpt or Cape: its number of strings and their characters."""
    if len(texts) > limits.max_sanitized_strings:
        raise PayloadTooLarge(f"the request has more than {limits.max_sanitized_strings} strings to sanitize "
                              "(limits.max_sanitized_strings)", code="request_too_large")
    chars = sum(len(t) for t in texts)
    if chars > limits.max_sanitized_chars:
        raise PayloadTooLarge(f"the request has more than {limits.max_sanitized_chars} characters of text to "
                              "sanitize (limits.max_sanitized_chars)", code="request_too_large")


def is_large(texts: Sequence[str]) -> bool:
    return len(texts) > LARGE_JOB_STRINGS or sum(len(t) for t in texts) > LARGE_JOB_CHARS
