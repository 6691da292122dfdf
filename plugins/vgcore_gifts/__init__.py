"""vgcore_gifts: a format expansion plugin. See README.md."""
