"""Geographic coordinates (GEO_COORDINATES): a latitude and longitude that pin where someone lives, works or stands.

A point given to the metre names a house as well as its street address does, and a street address is hidden, so a
point is too. What the LLM needs of it is roughly where it is ("restaurants near 40.7128, -74.0060"), so it is a
Category II value: each coordinate gets the metric LDP noise of ``mldp`` on a grid of ``unit`` degrees (0.001, about
110 m of latitude), eps per grid step, so the pair is eps-mLDP for the L1 distance in grid steps (geo-
indistinguishability on a grid); at the default eps 0.2 a coordinate moves some ten steps, about a kilometre, on
average. The noised value is written as the original was: its decimals, its sign or hemisphere letter, its degree
signs, its separator; degrees, minutes and seconds stay so, to the seconds' decimals.

Found:
- a decimal pair with hemisphere letters or degree signs ("40.7128° N, 74.0060° W", "51.5074N 0.1278W");
- a decimal pair after a cue word within 40 characters before it ("GPS: 40.7128, -74.0060", "my location is
  -33.8688,151.2093", "coordonnées : 48.8584, 2.2945", "lat/long 35.6762, 139.6503"), or with four decimal places on
  both numbers after a word sentences use of other numbers too ("meet me near 40.7128, -74.0060", "pinned at";
  "position 12.50, 40.25" on a screen stays);
- degrees, minutes and seconds with their hemisphere letters ("40°42'46.1\"N 74°00'21.6\"W");
- one coordinate under its own key ("lat": 40.7128, "lng": -74.0060; "latitude=48.8584").
A pair of decimals with no cue, no letter and no degree sign stays as written: such pairs are scores, probabilities
and measurements ("0.912, 0.874") far more often than places. Each decimal needs two decimal places or more (a
whole degree is a region, not a place); latitudes stay within 90 degrees, longitudes within 180.
"""

from __future__ import annotations

import re

from mechanisms.keys import UserKeys
from mechanisms.prmpt.config import EntityPolicy
from mechanisms.prmpt.entities.base import EntityType, Found
from mechanisms.prmpt.mldp import Grid, perturb, uniforms_from_bytes

_SIGNS = "-+−–"  # (a hyphen, a plus, the minus sign, an en dash)
_DEC = rf"[{_SIGNS}]?\d{{1,3}}\.\d{{2,8}}"
_PAIR = re.compile(
    rf"(?<![\w.,/@=-])(?P<v>(?P<lat>{_DEC})(?P<d1>[ \t]?°)?(?:[ \t]?(?P<ns>[NSns]))?"
    rf"(?:[ \t]*[,;/][ \t]*|[ \t]+)"
    rf"(?P<lon>{_DEC})(?P<d2>[ \t]?°)?(?:[ \t]?(?P<ew>[EWOew]))?)(?![\w]|[.,]\d)")
_CUE = re.compile(r"(?i:\b(?:gps|coordinates?|coords?|lat(?:itude)?|lng|lon(?:g(?:itude)?)?|latlng|latlong|location|"
                  r"geo(?:location|tag)?|waypoint|coordonn[ée]es|coordenadas|ubicaci[óo]n|localisation|standort|"
                  r"koordinaten)\b)")
# cues a sentence uses of other numbers too ("position 12.50, 40.25" on a screen, "meet near 0.25, 0.75" in a game):
# a pair after them needs four decimal places on both numbers, a point's precision (about 11 m)
_WEAK_CUE = re.compile(r"(?i:\b(?:located|position|posici[óo]n|pinned|pin|maps?|near|nearby|meet|home|address|"
                       r"directions|navigate|près|cerca)\b)")
_FOUR_DECIMALS = re.compile(r"\.\d{4}")
_DMS_ONE = r"\d{1,3}[ \t]?°[ \t]?\d{1,2}[ \t]?['′’][ \t]?(?:\d{1,2}(?:\.\d{1,4})?[ \t]?(?:[\"″”]|''))?[ \t]?"
_DMS = re.compile(rf"(?<![\w.])(?P<v>{_DMS_ONE}[NSns][ \t]*,?[ \t]*{_DMS_ONE}[EWOew])(?![\w])")
_KEYED = re.compile(r"(?<![\w])[\"']?(?i:lat|latitude|lng|lon|long|longitude)[\"']?[ \t]*(?:[:=]|=>)[ \t]*[\"']?"
                    rf"(?P<v>{_DEC})(?![\w.])")
_NUMBER = re.compile(rf"(?P<sign>[{_SIGNS}]?)(?P<int>\d{{1,3}})(?:\.(?P<dec>\d+))?")
_DMS_PART = re.compile(r"(?P<deg>\d{1,3})(?P<a>[ \t]?°[ \t]?)(?P<min>\d{1,2})(?P<b>[ \t]?['′’][ \t]?)"
                       r"(?:(?P<sec>\d{1,2})(?:\.(?P<frac>\d{1,4}))?(?P<c>[ \t]?(?:[\"″”]|'')))?(?P<gap>[ \t]?)(?P<h>[NSEWOnsewo])")


def _degrees(written: str) -> float:
    return float(written.replace("−", "-").replace("–", "-"))


def _in_range(lat: str, lon: str) -> bool:
    a, b = _degrees(lat), _degrees(lon)
    return abs(a) <= 90 and abs(b) <= 180 and (a, b) != (0.0, 0.0)


def find_coordinates(text: str, lang: str) -> list[Found]:
    out = []
    for m in _PAIR.finditer(text):
        if not _in_range(m.group("lat"), m.group("lon")):
            continue
        lettered = bool(m.group("ns") and m.group("ew"))
        if lettered and (m.group("lat")[0] in _SIGNS or m.group("lon")[0] in _SIGNS):
            continue  # a sign and a hemisphere letter both: no coordinate pair written so
        precise = all(_FOUR_DECIMALS.search(m.group(g)) for g in ("lat", "lon"))
        if lettered or (m.group("d1") and m.group("d2")) or _CUE.search(text, max(0, m.start() - 40), m.start()) \
                or precise and _WEAK_CUE.search(text, max(0, m.start() - 40), m.start()):
            out.append(Found("GEO_COORDINATES", m.start("v"), m.end("v"), 0.85))
    for m in _DMS.finditer(text):
        out.append(Found("GEO_COORDINATES", m.start("v"), m.end("v"), 0.9))
    for m in _KEYED.finditer(text):
        if abs(_degrees(m.group("v"))) <= 180:
            out.append(Found("GEO_COORDINATES", m.start("v"), m.end("v"), 0.85))
    return out


def _noised(degrees: float, policy: EntityPolicy, keys: UserKeys, label: str, limit: float) -> float:
    grid = Grid("linear", policy.unit, -limit, limit)
    u_side, u_mag, u_cell = uniforms_from_bytes(keys.prf("mldp", f"GEO_COORDINATES|{label}", repr(degrees)), 3)
    return max(-limit, min(limit, perturb(degrees, grid, policy.eps, u_side, u_mag, u_cell)))


def _decimal(m: re.Match[str], policy: EntityPolicy, keys: UserKeys, axis: int) -> str:
    decimals = len(m.group("dec") or "")
    sign = m.group("sign")
    value = float(m.group("int") + "." + (m.group("dec") or "0")) * (-1 if sign and sign != "+" else 1)
    noisy = _noised(value, policy, keys, str(axis), 90.0 if axis == 0 else 180.0)
    written = f"{abs(noisy):.{decimals}f}"
    if noisy < 0:
        return (sign if sign and sign != "+" else "-") + written
    return ("+" if sign == "+" else "") + written


def _dms(m: re.Match[str], policy: EntityPolicy, keys: UserKeys) -> str:
    hemisphere = m.group("h")
    south_or_west = hemisphere.upper() in "SWO"
    axis = 0 if hemisphere.upper() in "NS" else 1
    frac = m.group("frac") or ""
    seconds = float((m.group("sec") or "0") + "." + (frac or "0"))
    value = int(m.group("deg")) + int(m.group("min")) / 60 + seconds / 3600
    noisy = _noised(-value if south_or_west else value, policy, keys, str(axis), 90.0 if axis == 0 else 180.0)
    if (noisy < 0) != south_or_west:  # across the equator or the meridian: the other hemisphere's letter
        hemisphere = {"N": "S", "S": "N", "E": "W", "W": "E", "O": "E"}[hemisphere.upper()]
        hemisphere = hemisphere if m.group("h").isupper() else hemisphere.lower()
    total = abs(noisy)
    step = 10 ** -len(frac) if m.group("sec") else 60  # (in seconds: the written precision)
    units = round(total * 3600 / step) * step
    deg, rest = divmod(units, 3600)
    minutes, secs = divmod(rest, 60)
    out = f"{int(deg)}{m.group('a')}{int(minutes):02d}{m.group('b')}"
    if m.group("sec"):
        out += (f"{secs:0{3 + len(frac)}.{len(frac)}f}" if frac else f"{int(round(secs)):02d}") + m.group("c")
    return out + m.group("gap") + hemisphere


def noise_coordinates(value: str, policy: EntityPolicy, keys: UserKeys, lang: str) -> str | None:
    """Each coordinate of ``value`` noised (see the module's docstring), the rest written as it was; None when no
    coordinate can be read."""
    if "°" in value and ("'" in value or "′" in value or "’" in value):
        parts = list(_DMS_PART.finditer(value))
        if not parts:
            return None
        out, at = [], 0
        for m in parts:
            out += [value[at:m.start()], _dms(m, policy, keys)]
            at = m.end()
        return "".join(out) + value[at:]
    numbers = [m for m in _NUMBER.finditer(value) if m.group("dec")]
    if not numbers or len(numbers) > 2:
        return None
    letters = re.findall(r"[NSEWOnsewo]", value)
    out, at = [], 0
    for axis, m in enumerate(numbers):
        if len(numbers) == 1:  # one coordinate under its key: its range tells no axis, the wider one is used
            axis = 1
        out += [value[at:m.start()], _decimal(m, policy, keys, axis)]
        at = m.end()
    text = "".join(out) + value[at:]
    if letters:  # a hemisphere letter with an unsigned decimal: the letter carries the sign; keep it with the value
        text = text.replace("-", "")
    return text


TYPES = (
    EntityType(
        "GEO_COORDINATES",
        EntityPolicy(category="mldp", threshold=0.5, eps=0.2, scale="linear", unit=0.001, min_value=-180.0,
                     max_value=180.0),
        tier=0, finders=(lambda config: find_coordinates,), noiser=noise_coordinates, family="geo",
        description="a latitude and longitude (noised on a 0.001-degree grid, about a kilometre on average)",
        examples=("GPS: 40.7128, -74.0060", "40°42'46.1\"N 74°00'21.6\"W"),
    ),
)
