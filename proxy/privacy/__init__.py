"""Preview endpoints: see what would leave the machine, restore with your key."""
