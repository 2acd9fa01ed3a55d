"""Who is calling: the bearer token (or a configured proxy API key) maps to a user id."""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import dataclass

from mechanisms.keys import constant_time_equals
from proxy.errors import BadRequest, Unauthorized
from proxy.settings import AuthSettings


@dataclass(frozen=True)
class Caller:
    user_id: str
    forward_auth: bool  # may the caller's Authorization header go upstream?

    @property
    def user_hash(self) -> str:
        """A short, non-reversible tag of the user for logs."""
        return hashlib.sha256(b"veil-log:" + self.user_id.encode()).hexdigest()[:12]


def bearer_token(headers: Mapping[str, str]) -> str | None:
    """The caller's key: ``Authorization: Bearer``, Anthropic's ``x-api-key`` or Azure's ``api-key``."""
    value = headers.get("authorization", "")
    scheme, _, token = value.partition(" ")
    if scheme.lower() == "bearer" and token.strip():
        return token.strip()
    return headers.get("x-api-key") or headers.get("api-key") or None


def authenticate(headers: Mapping[str, str], settings: AuthSettings) -> Caller:
    """With proxy keys configured a valid one is required; otherwise the token itself names the user.
    Everyone behind one shared key shares one user (one Prmpt key) unless ``end_user_header`` names
    the end user; its value then becomes part of the user id."""
    caller = _caller(headers, settings)
    if settings.end_user_header:
        end_user = headers.get(settings.end_user_header.lower(), "").strip()
        if end_user:
            if len(end_user) > 256:
                raise BadRequest(f"the {settings.end_user_header} header is longer than 256 characters",
                                 param=settings.end_user_header)
            return Caller(user_id=f"{caller.user_id}/end-user:{end_user}", forward_auth=caller.forward_auth)
    return caller


def _caller(headers: Mapping[str, str], settings: AuthSettings) -> Caller:
    token = bearer_token(headers)
    if settings.api_keys:
        if token is None:
            raise Unauthorized("missing API key: send `Authorization: Bearer <key>`")
        user = None
        for key, user_id in settings.api_keys.items():  # no early exit: constant time over the table
            if constant_time_equals(key, token) and user is None:
                user = user_id
        if user is None:
            raise Unauthorized("invalid API key")
        return Caller(user_id=user, forward_auth=False)
    if token is None:
        return Caller(user_id="anonymous", forward_auth=True)
    return Caller(user_id="token:" + hashlib.sha256(token.encode()).hexdigest()[:32], forward_auth=True)
