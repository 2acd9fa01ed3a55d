"""The privacy inspector: a page served by Veil that previews, with the user's own key, what a provider
would receive, restores a pasted answer, checks a watermark, and (opt-in) lists recent requests' reports.

``routes.router`` mounts it; ``recent.RecentRequests`` is the ring buffer behind the live panel.
"""
