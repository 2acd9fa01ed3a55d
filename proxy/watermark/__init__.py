"""The watermark on local generations: which ones carry it, and detection."""
