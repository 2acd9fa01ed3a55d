"""The shared request pipeline: field maps, policies, the privacy engine, forwarding, restoring."""
