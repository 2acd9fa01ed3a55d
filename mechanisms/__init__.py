"""Veil mechanisms: Prmpt, Cape, SynthID-style watermark, and the shared key module. No HTTP here."""
