"""vgcore_premium_era: a format expansion plugin. See README.md."""
