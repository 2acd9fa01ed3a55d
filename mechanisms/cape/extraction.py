"""The paper's extraction step (cape.txt section 5.1.2 and appendix D, after InferDPT).

The server answers the perturbed prompt; a local model then rewrites that noisy answer with the
original prompt in view. This module only builds the chat messages; the proxy runs the local model.
"""

from __future__ import annotations

from typing import Literal

# Appendix D, "Extraction of noisy response on Wikitext-103-v1", verbatim (the paper's continuation task).
PAPER_EXTRACTION_PROMPT = (
    "Your task is to extend the \u201cPrefix Text\u201d.\n"
    "Use the \u201cPerturbed Generation\u201d as your primary writing material for your extension.\n"
    "Extract coherent and consistent text from the \u201cPerturbed Generation\u201d and integrate them "
    "into your continuation.\n"
    "Ensure a seamless alignment with the context established by the \u201cPrefix Text\u201d.\n"
    "Provide only your \u201cExtended Text\u201d.\n"
    "\u2014-\u201cPrefix Text\u201d: {prompt}\n"
    "\u2014-\u201cPerturbed Generation\u201d: {noisy_response}\n"
    "\u2014-\u201cExtended Text\u201d:"
)

# The same instruction for a chat request: the answer, not a continuation, is what gets rewritten,
# and the perturbed prompt is shown too so the model can tell which words were noise.
CHAT_EXTRACTION_SYSTEM = (
    "Your task is to answer the \u201cOriginal Prompt\u201d.\n"
    "An assistant answered a perturbed copy of it, in which some words were replaced at random "
    "(the \u201cPerturbed Prompt\u201d); its reply is the \u201cPerturbed Answer\u201d.\n"
    "Use the \u201cPerturbed Answer\u201d as your primary writing material for your answer.\n"
    "Extract coherent and consistent text from the \u201cPerturbed Answer\u201d and integrate it into "
    "your answer.\n"
    "Ensure a seamless alignment with the context established by the \u201cOriginal Prompt\u201d.\n"
    "Provide only your answer."
)
CHAT_EXTRACTION_USER = (
    "\u2014-\u201cOriginal Prompt\u201d: {prompt}\n"
    "\u2014-\u201cPerturbed Prompt\u201d: {perturbed}\n"
    "\u2014-\u201cPerturbed Answer\u201d: {noisy_response}\n"
    "\u2014-\u201cAnswer\u201d:"
)


def extraction_messages(
    original_prompt: str,
    perturbed_prompt: str,
    noisy_answer: str,
    style: Literal["chat", "paper"] = "chat",
) -> list[dict[str, str]]:
    """Chat messages for the local extraction model.

    ``chat`` (default): appendix D's instruction adapted to answering a chat prompt, as a system and
    a user message. ``paper``: appendix D's continuation prompt verbatim as one user message (it does
    not show the perturbed prompt).
    """
    if style == "paper":
        body = PAPER_EXTRACTION_PROMPT.format(prompt=original_prompt, noisy_response=noisy_answer)
        return [{"role": "user", "content": body}]
    if style != "chat":
        raise ValueError("style must be 'chat' or 'paper'")
    user = CHAT_EXTRACTION_USER.format(
        prompt=original_prompt, perturbed=perturbed_prompt, noisy_response=noisy_answer
    )
    return [{"role": "system", "content": CHAT_EXTRACTION_SYSTEM}, {"role": "user", "content": user}]
