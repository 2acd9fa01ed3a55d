"""The privacy inspector in a real browser: Debian's headless Chromium, driven by selenium through
Debian's chromedriver (both given by path, so selenium's driver manager never runs and nothing is
downloaded). `make test` installs the two packages when they are absent and it runs as root on Debian;
elsewhere these tests skip and say what is missing.

One browser and one live Veil (with a proxy API key, recent requests on, in front of the mock
upstream) serve the whole file. Screenshots at 1280 and 390 px go to pytest's tmp dir, or to
$VEIL_SCREENSHOT_DIR when set (`VEIL_SCREENSHOT_DIR=docs` refreshes the README's pictures).
"""

from __future__ import annotations

import base64
import importlib.util
import json
import os
import shutil
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from conftest import TEST_MASTER_KEY, make_settings
from live import LiveServer

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMEDRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"
# Without the background-networking flags Chromium phones home at start-up (refused on a closed network).
CHROMIUM_FLAGS = ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                  "--no-first-run", "--disable-background-networking", "--disable-component-update",
                  "--disable-sync", "--disable-extensions", "--disable-default-apps", "--mute-audio",
                  "--hide-scrollbars")


def _missing() -> str | None:
    if importlib.util.find_spec("selenium") is None:
        return "selenium is not installed (it is pinned in requirements-dev.txt; make test installs it)"
    for path, package in ((CHROMIUM, "chromium"), (CHROMEDRIVER, "chromium-driver")):
        if not os.access(path, os.X_OK):
            return (f"{path} not found: install the Debian package {package} "
                    "(make test does it when run as root on Debian)")
    return None


pytestmark = pytest.mark.skipif(_missing() is not None, reason=_missing() or "")

KEY = "sk-inspector-test"
SSN, EMAIL, CARD, NAME = "123-45-6789", "john.smith@acme-corp.com", "4111 1111 1111 1111", "John Smith"
PROMPT = (f"Hi, I am {NAME}, 42 years old. My SSN is {SSN} and my card {CARD} was charged $1,250 twice. "
          f"Email {EMAIL} or call (415) 555-0123.")
WAIT = 60.0


@pytest.fixture(scope="module")
def veil(upstream_server: Any) -> Iterator[LiveServer]:
    from proxy.app import create_app

    _, up = upstream_server
    settings = make_settings(mode="prmpt", upstream={"base_url": up.url + "/v1"},
                             allowed_modes=["off", "prmpt", "cape", "prmpt+cape"],  # every mode in the menu
                             auth={"api_keys": {KEY: "alice"}}, inspector={"recent_requests": True},
                             sanitize={"non_text_content": "forward"})  # images go out uninspected, reported
    with LiveServer(create_app(settings, master_key=TEST_MASTER_KEY)) as server:
        # Warm the sanitizer once so that the page's first preview is not the one that loads spaCy.
        httpx.post(server.url + "/v1/privacy/sanitize", json={"text": PROMPT}, timeout=WAIT,
                   headers={"authorization": f"Bearer {KEY}"}).raise_for_status()
        yield server


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    profile = tempfile.mkdtemp(prefix="veil-chromium-")
    for flag in (*CHROMIUM_FLAGS, f"--user-data-dir={profile}", "--window-size=1280,900"):
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(executable_path=CHROMEDRIVER), options=options)
    driver.set_script_timeout(WAIT)
    try:
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


# ---- helpers ------------------------------------------------------------------------------------------
def wait_for(driver: Any, condition: Callable[[Any], Any], timeout: float = WAIT) -> Any:
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(driver, timeout, poll_frequency=0.05).until(condition)


def by_id(driver: Any, name: str) -> Any:
    from selenium.webdriver.common.by import By

    return driver.find_element(By.ID, name)


def css(root: Any, selector: str) -> list[Any]:
    from selenium.webdriver.common.by import By

    return root.find_elements(By.CSS_SELECTOR, selector)


def open_page(driver: Any, veil: LiveServer, key: str | None = KEY) -> None:
    """A fresh page; with ``key``: typed into the key field and submitted with Enter."""
    from selenium.webdriver.common.keys import Keys

    driver.get(veil.url + "/inspector")
    driver.execute_script("sessionStorage.clear()")
    driver.refresh()
    wait_for(driver, lambda d: by_id(d, "server-state").text != "Connecting…")
    if key is not None:
        by_id(driver, "api-key").send_keys(key, Keys.ENTER)
        wait_for(driver, lambda d: "Default mode" in by_id(d, "server-state").text)


def settled(driver: Any, name: str) -> None:
    """Wait until the panel ``name`` shows its result or its error."""
    wait_for(driver, lambda d: any(by_id(d, f"{name}-{part}").is_displayed() for part in ("result", "error")))


def paste(driver: Any, element_id: str, text: str) -> None:
    """What a paste does: the whole value at once, then an input event."""
    driver.execute_script("const e = document.getElementById(arguments[0]); e.value = arguments[1];"
                          "e.dispatchEvent(new Event('input', {bubbles: true}));", element_id, text)


def text(element: Any) -> str:
    """The element's text as written, spaces collapsed (flex layouts put line breaks in ``.text``)."""
    return " ".join(element.get_attribute("textContent").split())


def marks(column: Any) -> list[tuple[str, str, str]]:
    """(type, value, tag) of each highlighted entity in a column."""
    return [(m.get_attribute("data-type"), css(m, ".val")[0].text, css(m, ".tag")[0].text)
            for m in css(column, "mark[data-type]")]


def api_preview(veil: LiveServer, request: dict[str, Any]) -> dict[str, Any]:
    r = httpx.post(veil.url + "/v1/privacy/sanitize", json=request, timeout=WAIT,
                   headers={"authorization": f"Bearer {KEY}"})
    r.raise_for_status()
    return r.json()


def preview_and_wait(driver: Any) -> None:
    from selenium.webdriver.common.keys import Keys

    driver.execute_script("document.getElementById('preview-result').hidden = true")
    by_id(driver, "input").send_keys(Keys.CONTROL, Keys.ENTER)  # the keyboard shortcut, not a click
    settled(driver, "preview")
    assert not by_id(driver, "preview-error").is_displayed(), by_id(driver, "preview-error").text


# ---- the tests ----------------------------------------------------------------------------------------
def test_the_page_asks_for_the_key_and_keeps_it_in_the_tab_only(browser: Any, veil: LiveServer) -> None:
    open_page(browser, veil, key=None)
    assert by_id(browser, "server-state").text == "API key needed"
    assert "needs an API key" in by_id(browser, "key-error").text
    open_page(browser, veil)
    modes = [o.get_attribute("value") for o in css(browser, "#mode option")]
    assert modes == ["off", "prmpt", "cape", "prmpt+cape"]
    assert by_id(browser, "mode").get_attribute("value") == "prmpt"
    assert by_id(browser, "api-key").get_attribute("value") == ""  # not left on screen
    stored = browser.execute_script(
        "return [sessionStorage.getItem('veil.inspector.key'), localStorage.length, document.cookie]")
    assert stored == [KEY, 0, ""]


def test_a_pasted_prompt_is_shown_as_sent_with_each_entity_typed(browser: Any, veil: LiveServer) -> None:
    open_page(browser, veil)
    by_id(browser, "input").send_keys(PROMPT)  # typed for real
    preview_and_wait(browser)

    expected = api_preview(veil, {"surface": "chat", "mode": "prmpt", "body": {
        "model": "inspector-preview", "messages": [{"role": "user", "content": PROMPT}]}})
    record = expected["fields"][0]
    original_col = css(browser, ".field-view .col.original")[0]
    sent_col = css(browser, ".field-view .col.sent")[0]
    shown_original = {t: v for t, v, _ in marks(original_col)}
    assert shown_original["US_SSN"] == SSN and shown_original["EMAIL_ADDRESS"] == EMAIL
    assert shown_original["CREDIT_CARD"] == CARD and shown_original["PERSON"] == NAME
    assert shown_original["AGE"] == "42" and shown_original["MONEY"] == "$1,250"

    sent_text = css(sent_col, ".text-block")[0].get_attribute("textContent")
    for value in (SSN, EMAIL, CARD, NAME):
        assert value not in sent_text
    # The page shows exactly what the endpoint says would be sent: the stand-ins, their types, their ε.
    shown_sent = [(t, v) for t, v, _ in marks(sent_col)]
    assert shown_sent == [(e["type"], e["replacement"]) for e in record["entities"]]
    tags = {t: tag for t, _, tag in marks(sent_col)}
    assert tags["AGE"] == "AGE · ε 0.5" and tags["MONEY"] == "MONEY · ε 0.25" and tags["US_SSN"] == "US_SSN"
    assert json.loads(by_id(browser, "sent-body").get_attribute("textContent")) == expected["body"]
    chips = {c.get_attribute("data-entity"): text(c) for c in css(browser, "#summary .chip[data-entity]")}
    assert chips == {t: f"{t} ×{n}" for t, n in expected["entities"].items()}
    assert text(by_id(browser, "eps-spent")) == f"ε on noised values {expected['epsilon']:g}"

    # The restore preview: the sent text pasted back as an answer comes back with the originals.
    by_id(browser, "use-sent").click()
    assert by_id(browser, "answer").get_attribute("value") == expected["body"]["messages"][0]["content"]
    css(browser, "#restore-form button[type=submit]")[0].click()
    settled(browser, "restore")
    restored = by_id(browser, "restored").text
    for value in (SSN, EMAIL, CARD, NAME):
        assert value in restored
    assert SSN in [m.text for m in css(browser, "#restored mark.restored")]


def test_a_whole_messages_request_is_shown_field_by_field(browser: Any, veil: LiveServer) -> None:
    body = {"model": "claude-sonnet-4", "max_tokens": 100, "system": f"The customer is {NAME} ({EMAIL}).",
            "messages": [{"role": "user", "content": [{"type": "text", "text": f"My SSN is {SSN}."}]}]}
    open_page(browser, veil)
    paste(browser, "input", json.dumps(body, indent=2))
    preview_and_wait(browser)
    paths = [json.loads(v.get_attribute("data-path")) for v in css(browser, ".field-view")]
    assert paths == [["system"], ["messages", 0, "content", 0, "text"]]
    assert "Read as: Anthropic Messages request" in browser.find_element("css selector", "#fields").text
    sent = json.loads(by_id(browser, "sent-body").get_attribute("textContent"))
    assert sent["model"] == "claude-sonnet-4"
    assert SSN not in json.dumps(sent) and EMAIL not in json.dumps(sent)
    assert {t for t, _, _ in marks(css(browser, ".field-view .col.sent")[1])} == {"US_SSN"}


IMAGE_CHAT = {"model": "gpt-4o-mini", "messages": [{"role": "user", "content": [
    {"type": "text", "text": f"Is this {NAME}'s card? Number {CARD}."},
    {"type": "image_url", "image_url": {"url": "https://example.com/card.png"}}]}]}


def test_content_forwarded_uninspected_is_reported(browser: Any, veil: LiveServer, upstream: Any) -> None:
    open_page(browser, veil)
    paste(browser, "input", json.dumps(IMAGE_CHAT))
    preview_and_wait(browser)
    assert "Forwarded uninspected: image ×1" in [text(c) for c in css(browser, "#summary .chip.warn")]
    assert [json.loads(v.get_attribute("data-path")) for v in css(browser, ".field-view")] == [
        ["messages", 0, "content", 0, "text"]]
    with httpx.Client(base_url=veil.url, headers={"authorization": f"Bearer {KEY}"}, timeout=WAIT) as h:
        assert h.post("/v1/chat/completions", json=IMAGE_CHAT).status_code == 200
    wait_for(browser, lambda d: any("image ×1" in text(r) for r in css(d, "#recent tbody tr")))


@pytest.mark.model
def test_cape_mode_shows_the_perturbed_words_and_its_epsilon(browser: Any, veil: LiveServer) -> None:
    from selenium.webdriver.support.ui import Select

    open_page(browser, veil)
    paste(browser, "input", "Please draft a short, friendly note to the team about the picnic on Friday.")
    Select(by_id(browser, "mode")).select_by_value("cape")
    epsilon = by_id(browser, "epsilon")
    assert epsilon.is_enabled()
    epsilon.clear()
    epsilon.send_keys("4")
    preview_and_wait(browser)
    assert text(by_id(browser, "cape-eps")).startswith("Cape ε 4 per token · worst ε + ε′ ")
    sent = by_id(browser, "sent-body").get_attribute("textContent")
    # textContent on both sides: Selenium's .text turns a no-break space (which Cape may draw) into a space
    perturbed = [m.get_attribute("textContent") for m in css(browser, ".col.sent mark.cape")]
    assert perturbed and all(word in sent for word in perturbed)


def test_pasted_markup_is_shown_as_text(browser: Any, veil: LiveServer) -> None:
    open_page(browser, veil)
    hostile = f'<img src=x id="pwned" onerror="document.title=1"> {NAME} <b>{SSN}</b>'
    paste(browser, "input", hostile)
    preview_and_wait(browser)
    assert css(browser, "#pwned") == [] and css(browser, ".field-view b") == []
    assert css(browser, ".col.original .text-block")[0].text.startswith('<img src=x id="pwned"')
    assert browser.title == "Privacy inspector · Veil"


def test_recent_requests_panel_lists_real_requests_without_values(browser: Any, veil: LiveServer,
                                                                   upstream: Any) -> None:
    open_page(browser, veil)
    chat = {"model": "gpt-4o-mini", "messages": [{"role": "user", "content": PROMPT}]}
    with httpx.Client(base_url=veil.url, headers={"authorization": f"Bearer {KEY}"}, timeout=WAIT) as h:
        assert h.post("/v1/chat/completions", json=chat).status_code == 200
        assert h.post("/v1/chat/completions", json={**chat, "model": "mock-error-429"}).status_code == 429
    wait_for(browser, lambda d: len(css(d, "#recent tbody tr")) >= 2)  # the live panel polls
    rows = css(browser, "#recent tbody tr")
    cells = [[text(c) for c in css(row, "td")] for row in rows[:2]]
    assert [c[1] for c in cells] == ["chat", "chat"] and [c[5] for c in cells] == ["429", "200"]
    assert "US_SSN ×1" in cells[1][3] and cells[1][2] == "prmpt" and cells[1][6].endswith(" ms")
    table = by_id(browser, "recent").text
    for value in (SSN, EMAIL, CARD, NAME):
        assert value not in table


@pytest.mark.model
def test_watermark_detector_shows_the_endpoints_verdict(browser: Any, veil: LiveServer) -> None:
    text = "The committee met on Tuesday and agreed to review the budget again next month. " * 3
    open_page(browser, veil)
    paste(browser, "wm-text", text)
    css(browser, "#watermark-form button[type=submit]")[0].click()
    settled(browser, "watermark")
    expected = httpx.post(veil.url + "/v1/watermark/detect", json={"text": text}, timeout=WAIT,
                          headers={"authorization": f"Bearer {KEY}"}).json()
    assert by_id(browser, "wm-verdict").text == "No watermark detected" and expected["verdict"] is False
    stats = dict(zip([e.text for e in css(browser, "#watermark-result dt")],
                     [e.text for e in css(browser, "#watermark-result dd")]))
    assert stats["key id"] == expected["key_id"]
    assert stats["tokens scored"] == f"{expected['tokens_scored']} of {expected['tokens_total']}"
    assert float(stats["p-value"]) == pytest.approx(expected["p_value"], rel=1e-3)


# Relative luminance contrast (WCAG 2) of every visible text against its nearest opaque background.
CONTRAST_JS = """
const lum = (c) => {
  const [r, g, b] = c.map((v) => (v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
const rgb = (s) => (s.match(/[\\d.]+/g) || []).map(Number);
const background = (el) => {
  for (; el; el = el.parentElement) {
    const c = rgb(getComputedStyle(el).backgroundColor);
    if (c.length === 3 || (c.length === 4 && c[3] === 1)) return c.slice(0, 3);
  }
  return [255, 255, 255];
};
const out = [];
for (const el of document.querySelectorAll('body *')) {
  const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
  if (!own || !el.getClientRects().length || el.closest('[hidden]')) continue;
  const style = getComputedStyle(el);
  if (style.visibility === 'hidden' || el.disabled) continue;
  const [a, b] = [lum(rgb(style.color).slice(0, 3)), lum(background(el))];
  const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
  out.push([el.tagName + '.' + el.className, Math.round(ratio * 100) / 100]);
}
return out;
"""


def _metrics(driver: Any, width: int, height: int) -> None:
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600})


def _full_page_png(driver: Any, width: int) -> bytes:
    _metrics(driver, width, 900)
    wait_for(driver, lambda d: d.execute_script("return window.innerWidth") == width)
    # the height once a frame has been laid out at the new width (two animation frames: one whole pass)
    height = driver.execute_async_script("const done = arguments[arguments.length - 1]; requestAnimationFrame("
                                         "() => requestAnimationFrame(() => done(document.documentElement"
                                         ".scrollHeight)));")
    _metrics(driver, width, height)
    shot = driver.execute_cdp_cmd("Page.captureScreenshot", {"format": "png", "captureBeyondViewport": True})
    return base64.b64decode(shot["data"])


def test_accessible_readable_at_two_widths_and_screenshots(browser: Any, veil: LiveServer, upstream: Any,
                                                           tmp_path: Path) -> None:
    open_page(browser, veil)
    with httpx.Client(base_url=veil.url, headers={"authorization": f"Bearer {KEY}"}, timeout=WAIT) as h:
        for model, content in (("gpt-4o-mini", PROMPT), ("gpt-4o-mini", "What is the capital of France?")):
            h.post("/v1/chat/completions",
                   json={"model": model, "messages": [{"role": "user", "content": content}]})
        h.post("/v1/messages", json={"model": "claude-sonnet-4", "max_tokens": 50,
                                     "messages": [{"role": "user", "content": f"Write to {EMAIL}."}]})
    by_id(browser, "example").click()  # the page's own example prompt
    preview_and_wait(browser)
    by_id(browser, "use-sent").click()
    css(browser, "#restore-form button[type=submit]")[0].click()
    wait_for(browser, lambda d: by_id(d, "restore-result").is_displayed())
    wait_for(browser, lambda d: len(css(d, "#recent tbody tr")) >= 3)
    out_dir = Path(os.environ.get("VEIL_SCREENSHOT_DIR") or tmp_path)
    if os.environ.get("VEIL_SCREENSHOT_DIR"):  # README pictures: with a watermark check (loads the model)
        paste(browser, "wm-text", "Veil keeps nothing you paste here; the previews use your own key.")
        css(browser, "#watermark-form button[type=submit]")[0].click()
        wait_for(browser, lambda d: by_id(d, "watermark-result").is_displayed())

    # Every control has a label; every text meets WCAG AA contrast (4.5:1).
    unlabelled = browser.execute_script(
        "return [...document.querySelectorAll('input, select, textarea')]"
        ".filter((e) => !e.labels.length && !e.getAttribute('aria-label')).map((e) => e.id)")
    assert unlabelled == []
    low = [(name, ratio) for name, ratio in browser.execute_script(CONTRAST_JS) if ratio < 4.5]
    assert low == []

    out_dir.mkdir(parents=True, exist_ok=True)
    try:
        for width in (1280, 390):
            png = _full_page_png(browser, width)
            assert png[:8] == b"\x89PNG\r\n\x1a\n" and int.from_bytes(png[16:20], "big") == width
            (out_dir / f"inspector-{width}.png").write_bytes(png)
            layout = browser.execute_script(
                "const o = document.querySelector('.col.original').getBoundingClientRect();"
                "const s = document.querySelector('.col.sent').getBoundingClientRect();"
                "return [document.documentElement.scrollWidth, window.innerWidth,"
                " o.bottom <= s.top, o.right <= s.left]")
            scroll_width, inner_width, stacked, side_by_side = layout
            assert scroll_width <= inner_width  # nothing wider than the window
            assert (side_by_side, stacked) == ((True, False) if width == 1280 else (False, True))
    finally:
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def test_no_policy_violation_or_script_error_in_the_console(browser: Any) -> None:
    entries = browser.get_log("browser")
    problems = [e["message"] for e in entries
                if "Content Security Policy" in e["message"] or "Uncaught" in e["message"]]
    assert problems == []
