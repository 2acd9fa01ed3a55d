"""The configuration reference (docs/configuration.md, linked from the README) is generated from the
settings schema and must not drift."""

from __future__ import annotations

import os
from pathlib import Path

import yaml

from proxy.config_reference import BEGIN, END, render
from proxy.settings import Settings, load_settings

ROOT = Path(__file__).resolve().parent.parent


def test_reference_page_matches_schema() -> None:
    page = (ROOT / "docs" / "configuration.md").read_text()
    block = page[page.index(BEGIN) + len(BEGIN): page.index(END)].strip()
    assert block == render().strip(), "run: python -m proxy.config_reference --write docs/configuration.md"
    assert "](docs/configuration.md)" in (ROOT / "README.md").read_text()  # the README links to it


def test_every_field_is_documented() -> None:
    table = render()
    for name in ("upstream.base_url", "upstream.read_timeout", "upstream.stream_idle_timeout",
                 "limits.max_body_bytes", "mode", "watermark.enabled", "master_key_file"):
        assert f"`{name}`" in table
    assert "`VEIL_UPSTREAM__READ_TIMEOUT`" in table and "`VEIL_LIMITS__MAX_BODY_BYTES`" in table


def test_default_yaml_only_restates_schema_defaults() -> None:
    """config/default.yaml documents the defaults; the reference shows the same values."""
    data = yaml.safe_load((ROOT / "config" / "default.yaml").read_text())
    schema = Settings.model_construct(**{n: f.get_default(call_default_factory=True)
                                         for n, f in Settings.model_fields.items()})

    def check(node: dict, obj: object, path: str) -> None:
        for key, value in node.items():
            current = getattr(obj, key)
            if isinstance(value, dict):
                check(value, current, f"{path}{key}.")
            else:
                assert current == value, f"{path}{key}: default.yaml says {value!r}, schema {current!r}"

    check(data, schema, "")


def test_env_and_flags_override_in_order(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    cfg = tmp_path / "c.yaml"
    cfg.write_text("upstream:\n  read_timeout: 11\n  connect_timeout: 3\nmode: cape\n")
    monkeypatch.setenv("VEIL_UPSTREAM__READ_TIMEOUT", "22")
    s = load_settings(cfg, mode="off")
    assert s.upstream.read_timeout == 22 and s.upstream.connect_timeout == 3 and s.mode == "off"
    monkeypatch.setenv("VEIL_CONFIG", os.fspath(cfg))
    monkeypatch.delenv("VEIL_UPSTREAM__READ_TIMEOUT")
    assert load_settings().upstream.read_timeout == 11


def test_config_examples_load_and_yaml_off_means_off(tmp_path) -> None:  # type: ignore[no-untyped-def]
    examples = sorted((ROOT / "config" / "examples").glob("*.yaml"))
    assert len(examples) >= 4
    for path in examples:
        assert load_settings(path).mode in ("off", "prmpt", "cape", "prmpt+cape"), path
    bare = tmp_path / "off.yaml"
    bare.write_text("mode: off\nallowed_modes: [off, prmpt]\n")  # YAML 1.1 reads bare off as false
    s = load_settings(bare)
    assert s.mode == "off" and s.allowed_modes == ["off", "prmpt"]


def test_allow_lists_page_matches_the_field_maps() -> None:
    from proxy import allowlist_reference as ref

    page = (ROOT / "docs" / "allow-lists.md").read_text()
    block = page[page.index(ref.BEGIN) + len(ref.BEGIN): page.index(ref.END)].strip()
    assert block == ref.render().strip(), "run: python -m proxy.allowlist_reference --write docs/allow-lists.md"
