"""The words that say a number next to them is a phone's, read by the phone finder and by the finders of names
that a number's label must not be taken for ("Telefon 030 9876543", "Mobiel 85 72 32")."""

from __future__ import annotations

import re

# "number" alone is no phone cue: "account number", "passport number" name other types
# (a cue opens its word: "hemodynamically", "excellent", "breach" and "automobile" hold none)
PHONE_CUES = re.compile(r"phone|\bcall|\btel\b|\bmobile|\bcell|\bfax|\bcontact|\breach|\btext|whatsapp|"
                        # (where a message goes: "stop receiving messages to", "my registered", "not answering at")
                        r"\bsms\b|\bmessages?[ \t]+(?:to|on|at)\b|\bregistered[ \t]+(?=\d)|\banswering[ \t]+(?:at|on)\b|"
                        r"t[ée]l[ée]phone|portable|appel|joindre|tel[ée]fono|m[oó]vil|\bllam|contacto|"
                        # (German, Dutch, Portuguese, Italian)
                        r"\btelefo|rufnummer|\bhandy\b|\bmobiel|celular|cellulare|telem[óo]vel",
                        re.IGNORECASE)
